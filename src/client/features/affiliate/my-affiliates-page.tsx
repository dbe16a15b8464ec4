import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAffiliateMessages } from './affiliate-messages';
import { ReferralShare } from '../../components/referral-share';
import { useSession } from '../auth/use-session';
import { QueryState } from '../../components/query-state';
import { DataTable } from '../../components/data-table';

export default function MyAffiliatesPage() {
  const { t } = useAffiliateMessages();
  useDocumentTitle(t('affiliates.title'));
  const trpc = useTRPC();
  const affiliates = useQuery(trpc.affiliate.affiliates.queryOptions());
  const { user } = useSession();

  return (
    <div className="page">
      <h1>{t('affiliates.title')}</h1>
      <QueryState
        query={affiliates}
        loading={<p role="status">{t('affiliates.loading')}</p>}
        error={t('affiliates.failed')}
        isEmpty={(list) => list.length === 0}
        empty={
          <div className="empty-state">
            <p>{t('affiliates.empty')}</p>
            <p className="muted">{t('affiliates.emptyShare')}</p>
            {user && <ReferralShare code={user.referralCode} />}
          </div>
        }
      >
        {(list) => (
          <DataTable columns={[t('affiliates.name'), t('affiliates.contact'), t('affiliates.purchased')]}>
            {list.map((person) => (
              <tr key={person.id}>
                <td>{person.name}</td>
                <td>{person.phone ? <a href={`tel:${person.phone}`}>{person.phone}</a> : '—'}</td>
                <td>
                  {person.purchases.length === 0 ? (
                    <span className="muted">{t('affiliates.nothing')}</span>
                  ) : (
                    <ul className="plain-list">
                      {person.purchases.map((purchase) => (
                        <li key={purchase.orderId}>
                          {purchase.packageName} <span className={`badge badge--${purchase.status}`}>{t(`affiliates.${purchase.status}`)}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </QueryState>
    </div>
  );
}
