import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Pager, pageCount, usePaging } from '../../components/pager';
import { QueryState } from '../../components/query-state';
import { DataTable } from '../../components/data-table';
import { TextField } from '../../components/text-field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDateTime, istDateOf } from '../../../shared/ist';
import { formatRupees } from '../../../shared/money';
import { useReceiptsMessages } from './receipts-messages';
import './receipt.css';
import { downloadText } from '../../lib/download';
import { pagePaths, pathTo } from '../../../shared/page-paths';

/** /admin/receipts: the receipts of a period (this month so far, to begin with), and their CSV. */
export default function AdminReceiptsPage() {
  const { t, lang, count } = useReceiptsMessages();
  useDocumentTitle(t('admin.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const today = istDateOf(Date.now());
  const [draft, setDraft] = useState({ from: `${today.slice(0, 8)}01`, to: today });
  const [period, setPeriod] = useState(draft);
  const { page, setPage } = usePaging(`${period.from} ${period.to}`);
  const [downloading, setDownloading] = useState(false);
  const [month, setMonth] = useState(today.slice(0, 7));
  const list = useQuery(trpc.receipts.list.queryOptions({ ...period, page }, { placeholderData: keepPreviousData, retry: false }));

  function show(event: FormEvent) {
    event.preventDefault();
    setPeriod(draft);
    setPage(1);
  }

  async function download(which: 'receipts' | 'gstr1') {
    setDownloading(true);
    try {
      const { fileName, csv } =
        which === 'receipts'
          ? await queryClient.fetchQuery(trpc.receipts.csv.queryOptions(period, { staleTime: 0 }))
          : await queryClient.fetchQuery(trpc.receipts.gstr1.queryOptions({ month }, { staleTime: 0 }));
      downloadText(fileName, csv);
    } catch (error) {
      toast.error(errorMessage(error, t('admin.downloadFailed')));
    } finally {
      setDownloading(false);
    }
  }

  const pages = pageCount(list.data);
  return (
    <div className="page admin-receipts">
      <h1>{t('admin.title')}</h1>
      <form className="admin-receipts__period" onSubmit={show} noValidate>
        <TextField label={t('admin.from')} type="date" value={draft.from} onChange={(from) => setDraft({ ...draft, from })} required />
        <TextField label={t('admin.to')} type="date" value={draft.to} onChange={(to) => setDraft({ ...draft, to })} required />
        <button type="submit" className="button">
          {t('admin.show')}
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => download('receipts')}
          disabled={downloading || !list.data || list.data.total + list.data.creditNotes.length === 0}
        >
          {t('admin.download')}
        </button>
      </form>
      <form
        className="admin-receipts__period"
        onSubmit={(event) => {
          event.preventDefault();
          void download('gstr1');
        }}
        noValidate
      >
        <TextField label={t('admin.gstr1Month')} hint={t('admin.gstr1Hint')} type="month" value={month} onChange={setMonth} required />
        <button type="submit" className="button" disabled={downloading || !/^\d{4}-\d{2}$/.test(month)}>
          {t('admin.gstr1Download')}
        </button>
      </form>
      <QueryState
        query={list}
        error={(error) => errorMessage(error, t('admin.failed'))}
        isEmpty={(data) => data.total === 0 && data.creditNotes.length === 0}
        empty={<p className="empty-state">{t('admin.empty')}</p>}
      >
        {(data) => (
          <>
            <p role="status">{count('admin.count', data.total, { amount: formatRupees(data.amountPaise) })}</p>
            <DataTable columns={[t('admin.number'), t('admin.date'), t('admin.buyer'), t('admin.package'), t('admin.amount')]}>
              {data.receipts.map((receipt) => (
                <tr key={receipt.number}>
                  <td>
                    <Link to={pathTo(pagePaths.receipt, { orderId: receipt.orderId })} aria-label={t('admin.open', { number: receipt.number })} translate="no">
                      {receipt.number}
                    </Link>
                    {receipt.reversedAt !== null && <span className="badge badge--reversed">{t('admin.reversed')}</span>}
                    {receipt.creditNote && (
                      <span className="receipt__line muted" translate="no">
                        {t('admin.creditNote', { number: receipt.creditNote.number })}
                      </span>
                    )}
                  </td>
                  <td>{formatIstDateTime(receipt.issuedAt, lang)}</td>
                  <td>{receipt.buyer.name}</td>
                  <td>{receipt.packageName}</td>
                  <td>{formatRupees(receipt.amountPaise)}</td>
                </tr>
              ))}
            </DataTable>
            <Pager page={page} hasNext={page < pages} onPage={setPage} pages={pages} />
            {data.creditNotes.length > 0 && (
              <section aria-labelledby="credit-notes-title">
                <h2 id="credit-notes-title">{t('admin.creditNotes')}</h2>
                <DataTable columns={[t('admin.number'), t('admin.date'), t('admin.against'), t('admin.buyer'), t('admin.amount')]}>
                  {data.creditNotes.map((note) => (
                    <tr key={note.number}>
                      <td translate="no">{note.number}</td>
                      <td>{formatIstDateTime(note.issuedAt, lang)}</td>
                      <td>
                        <Link to={pathTo(pagePaths.receipt, { orderId: note.orderId })} translate="no">
                          {note.invoiceNumber}
                        </Link>
                        <span className="receipt__line muted">{note.reason}</span>
                      </td>
                      <td>{note.buyerName}</td>
                      <td>− {formatRupees(note.amountPaise)}</td>
                    </tr>
                  ))}
                </DataTable>
              </section>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}
