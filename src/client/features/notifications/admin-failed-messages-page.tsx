import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Pager, pageCount, usePaging } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime } from '../../../shared/ist';
import { useNotificationsMessages } from './notifications-messages';

/** /admin/messages: messages the outbox gave up on (notifications.failed), each sent again by one tap, or a page of them. */
export default function FailedMessagesPage() {
  const { t, count, lang } = useNotificationsMessages();
  useDocumentTitle(t('title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { page, setPage } = usePaging('failed');
  const failed = useQuery({ ...trpc.notifications.failed.queryOptions({ page }), placeholderData: keepPreviousData });
  const retry = useMutation(trpc.notifications.retry.mutationOptions());

  function sendAgain(ids: string[]) {
    retry.mutate(
      { ids },
      {
        onSuccess: ({ retried }) => {
          toast.success(count('retried', retried));
          void queryClient.invalidateQueries({ queryKey: trpc.notifications.failed.pathKey() });
        },
        onError: (error) => toast.error(errorMessage(error, t('retryFailed'))),
      },
    );
  }

  return (
    <div className="page">
      <h1>{t('title')}</h1>
      <p>{t('intro')}</p>
      <QueryState query={failed} error={t('failed')}>
        {(data) =>
          data.deliveries.length === 0 ? (
            <p className="empty-state">{t('empty')}</p>
          ) : (
            <>
              <button type="button" className="button" disabled={retry.isPending} onClick={() => sendAgain(data.deliveries.map((row) => row.id))}>
                {t('retryAll')}
              </button>
              <ul className="admin-list">
                {data.deliveries.map((row) => (
                  <li key={row.id} className="card">
                    <dl className="details">
                      <dt>{t('to')}</dt>
                      <dd>{row.to}</dd>
                      <dt>{t('kind')}</dt>
                      <dd translate="no">{row.kind}</dd>
                      <dt>{t('channel')}</dt>
                      <dd>{t(`channels.${row.channel}`)}</dd>
                      <dt>{t('tries')}</dt>
                      <dd>{row.attempts}</dd>
                      <dt>{t('error')}</dt>
                      <dd>{row.lastError}</dd>
                      <dt>{t('written')}</dt>
                      <dd>{formatIstDateTime(row.createdAt, lang)}</dd>
                    </dl>
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={retry.isPending}
                      aria-label={t('retryLabel', { to: row.to })}
                      onClick={() => sendAgain([row.id])}
                    >
                      {t('retry')}
                    </button>
                  </li>
                ))}
              </ul>
              <Pager page={page} hasNext={page < pageCount(data)} onPage={setPage} pages={pageCount(data)} />
            </>
          )
        }
      </QueryState>
    </div>
  );
}
