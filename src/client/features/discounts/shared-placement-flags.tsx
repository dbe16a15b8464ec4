import { useMutation, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MutationButton } from '../../components/mutation-button';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDiscountsMessages } from './discounts-messages';
import './discounts.css';

/**
 * Affiliates to look at, on the admin's payouts screen: each with the signs, in words, that some
 * of their buyers may not be other people (their own second account, one browser or one payer's
 * UPI id for several buyers; a shared network only as context), what the admin can do, and the
 * button that releases their held commission once the admin has looked. Nothing when none.
 */
export function SharedPlacementFlags() {
  const { t, count } = useDiscountsMessages();
  const trpc = useTRPC();
  const flags = useQuery(trpc.discounts.sharedPlacements.queryOptions());
  const clearHold = useMutation(trpc.payouts.clearHold.mutationOptions());
  if (!flags.data?.length) return null;
  return (
    <section className="card" aria-labelledby="shared-placements-title">
      <h2 id="shared-placements-title">{t('admin.flagsTitle')}</h2>
      <p>{t('admin.flagsIntro')}</p>
      <p>{t('admin.flagsHold')}</p>
      <p>{t('admin.flagsWhatToDo')}</p>
      <ul className="compact-list affiliate-flags">
        {flags.data.map((flag) => (
          <li key={flag.affiliateId}>
            <h3>{flag.name}</h3>
            <ul>
              {flag.ownAccounts.map((buyer) => (
                <li key={buyer.buyerId}>
                  {t('admin.ownAccount', {
                    buyer: buyer.name,
                    name: flag.name,
                    signs: buyer.signs.map((sign) => t(`admin.signs.${sign}`, { name: flag.name })).join(t('admin.signsJoin')),
                  })}
                </li>
              ))}
              {flag.sharedDevices > 0 && <li>{count('admin.sharedDevices', flag.sharedDevices)}</li>}
              {flag.sharedPayers > 0 && <li>{count('admin.sharedPayers', flag.sharedPayers)}</li>}
              {flag.sharedNetworks > 0 && <li className="muted">{count('admin.sharedNetworks', flag.sharedNetworks)}</li>}
            </ul>
            <MutationButton
              className="button"
              mutation={clearHold}
              variables={{ userId: flag.affiliateId }}
              busyLabel={t('admin.releasing')}
              aria-label={t('admin.releaseFor', { name: flag.name })}
              options={{
                onSuccess: () => toast.success(t('admin.released', { name: flag.name })),
                onError: (error) => toast.error(errorMessage(error, t('admin.failed'))),
              }}
            >
              {t('admin.release')}
            </MutationButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
