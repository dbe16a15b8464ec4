import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAffiliateMessages } from './affiliate-messages';

export default function MyAffiliatesPage() {
  const { t } = useAffiliateMessages();
  useDocumentTitle(t('affiliates.title'));
  const trpc = useTRPC();
  const affiliates = useQuery(trpc.affiliate.affiliates.queryOptions());

  return (
    <div className="page">
      <h1>{t('affiliates.title')}</h1>
      {affiliates.isPending ? (
        <p role="status">{t('affiliates.loading')}</p>
      ) : affiliates.isError ? (
        <p role="alert">{t('affiliates.failed')}</p>
      ) : affiliates.data.length === 0 ? (
        <p className="empty-state">{t('affiliates.empty')}</p>
      ) : (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">{t('affiliates.name')}</th>
                <th scope="col">{t('affiliates.contact')}</th>
                <th scope="col">{t('affiliates.purchased')}</th>
              </tr>
            </thead>
            <tbody>
              {affiliates.data.map((person) => (
                <tr key={person.id}>
                  <td>{person.name}</td>
                  <td>{person.phone ? <a href={`tel:${person.phone}`}>{person.phone}</a> : '—'}</td>
                  <td className="table__number">{person.packageIds.length}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
