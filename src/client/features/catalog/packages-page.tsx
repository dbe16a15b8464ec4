import './catalog.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { rememberReferral } from '../../lib/referral';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCheckout } from '../orders/use-checkout';
import { useCatalogMessages } from './catalog-messages';
import { PackageCard } from './package-card';
import { PlaceholderCards } from './package-facts';
import { useSaleCardAction } from './sale-card-action';
import { sponsorCodeOf } from '../../lib/sponsor-code';

export default function PackagesPage() {
  const { t } = useCatalogMessages();
  useDocumentTitle(t('packages.title'));
  const trpc = useTRPC();
  const packages = useQuery(trpc.catalog.list.queryOptions());
  const checkout = useCheckout();
  const actionFor = useSaleCardAction(checkout.buy);
  const [searchParams] = useSearchParams();
  const ref = searchParams.get('ref');

  // Arriving by a sponsor's link: greet the visitor with the sponsor's name.
  const code = sponsorCodeOf(ref);
  const sponsor = useQuery(trpc.auth.sponsorByCode.queryOptions({ code: code ?? '' }, { enabled: code !== null, staleTime: Infinity }));

  // A referral link (/packages?ref=CODE) is remembered on this browser until register or purchase.
  useEffect(() => {
    rememberReferral(ref);
  }, [ref]);

  return (
    <div className="page">
      {checkout.dialog}
      {sponsor.data && (
        <div className="invited" role="status">
          <p className="invited__title">{t('packages.invited', { name: sponsor.data.name })}</p>
          <p>{t('packages.invitedText', { name: sponsor.data.name })}</p>
        </div>
      )}
      <h1>{t('packages.title')}</h1>
      <QueryState
        query={packages}
        loading={<PlaceholderCards />}
        error={t('packages.failed')}
        retry={t('packages.retry')}
        isEmpty={(list) => list.length === 0}
        empty={<p className="empty-state">{t('packages.empty')}</p>}
      >
        {(list) => (
          <ul className="card-grid package-grid">
            {list.map((pkg, index) => (
              <PackageCard key={pkg.id} pkg={pkg} eager={index === 0} forSale description>
                {actionFor(pkg)}
              </PackageCard>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
