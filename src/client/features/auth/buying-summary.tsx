import { useQuery } from '@tanstack/react-query';
import { formatRupees } from '../../../shared/money';
import { rememberedReferral } from '../../lib/referral';
import { useTRPC } from '../../lib/trpc';
import { loadBuyIntent } from '../../lib/buy-intent';
import { useAuthMessages } from './auth-messages';
import { useHydrated } from '../../lib/use-hydrated';

/**
 * On sign-up and the code page: the package the visitor tapped Buy on, its price, and the sponsor
 * whose link brought them, so nothing they chose leaves the screen while they make an account.
 */
export function BuyingSummary() {
  const { t } = useAuthMessages();
  const trpc = useTRPC();
  // What this browser keeps, read once the page the server drew has hydrated (the server knows none of it).
  const hydrated = useHydrated();
  const intent = hydrated ? loadBuyIntent() : null;
  const code = hydrated ? rememberedReferral() : null;
  const sponsor = useQuery(trpc.auth.sponsorByCode.queryOptions({ code: code ?? '' }, { enabled: Boolean(code), staleTime: Infinity }));
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
