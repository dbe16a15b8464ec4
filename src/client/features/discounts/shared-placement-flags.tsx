import { useMutation, useQuery } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MutationButton } from '../../components/mutation-button';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDiscountsMessages } from './discounts-messages';

/**
 * Affiliates whose buyers ordered from a browser or an address shared with each other or with the
 * affiliate: a hint to look before paying them, on the admin's payouts screen. Their commissions
 * wait until an admin, having looked, releases them. Nothing when none.
 */
export function SharedPlacementFlags() {
  const { t } = useDiscountsMessages();
  const trpc = useTRPC();
  const flags = useQuery(trpc.discounts.sharedPlacements.queryOptions());
  const clearHold = useMutation(trpc.payouts.clearHold.mutationOptions());
  if (!flags.data?.length) return null;
  return (
    <section className="card" aria-labelledby="shared-placements-title">
      <h2 id="shared-placements-title">{t('admin.flagsTitle')}</h2>
      <p>{t('admin.flagsHold')}</p>
      <ul className="compact-list">
        {flags.data.map((flag) => (
          <li key={flag.affiliateId}>
            {t('admin.flag', { name: flag.name, devices: flag.sharedDevices, networks: flag.sharedNetworks })}{' '}
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
