import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { formatRupees } from '../../../shared/money';
import { rememberedReferral } from '../../lib/referral';
import { useTRPC } from '../../lib/trpc';
import { loadBuyIntent, saveBuyIntent } from '../../lib/buy-intent';
import { sponsorCodeOf } from '../../lib/sponsor-code';
import { useAuthMessages } from './auth-messages';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * On sign-up and the code page: the package the visitor tapped Buy on, its price, and the sponsor
 * whose link brought them, so nothing they chose leaves the screen while they make an account.
 * Sign-up reached by a Buy names the package in its address (`?buy=ID`, a sponsor's `?ref=`
 * kept): the server draws them from it, before the app has run (http/server-pages.ts).
 */
export function BuyingSummary() {
  const { t } = useAuthMessages();
  const trpc = useTRPC();
  const [params] = useSearchParams();
  const buyId = params.get('buy');
  const named = useQuery(trpc.catalog.byId.queryOptions({ id: buyId ?? '' }, { enabled: Boolean(buyId) }));
  // What this browser keeps, read once the page the server drew has hydrated (the server knows none of it).
  const hydrated = useHydrated();
  const pkg = named.data && !named.data.archived ? named.data : null;
  const intent = pkg ? { id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise } : hydrated ? loadBuyIntent() : null;
  const code = sponsorCodeOf(params.get('ref')) ?? (hydrated ? rememberedReferral() : null);
  const sponsor = useQuery(trpc.auth.sponsorByCode.queryOptions({ code: code ?? '' }, { enabled: Boolean(code), staleTime: Infinity }));
  // Kept for this tab: verifying the new account (or logging in) comes back to this package's checkout.
  useEffect(() => {
    if (pkg) saveBuyIntent({ id: pkg.id, name: pkg.name, pricePaise: pkg.pricePaise });
  }, [pkg]);
  if (!intent && !sponsor.data) return null;
  return (
    <section className="buying-summary" aria-label={t('buying.label')}>
      {intent && (
        <p className="buying-summary__package">
          <span>{t('buying.package')}</span> <strong>{intent.name}</strong> <strong className="buying-summary__price">{formatRupees(intent.pricePaise)}</strong>
        </p>
      )}
      {sponsor.data && <p className="buying-summary__sponsor">{t('buying.sponsor', { name: sponsor.data.name })}</p>}
      {intent && <p className="muted">{t('buying.next')}</p>}
    </section>
  );
}
