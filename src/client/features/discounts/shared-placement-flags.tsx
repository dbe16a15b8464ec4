import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useDiscountsMessages } from './discounts-messages';

/**
 * Affiliates whose buyers ordered from a browser or an address shared with each other or with the
 * affiliate: a hint to look before paying them, on the admin's payouts screen. Nothing when none.
 */
export function SharedPlacementFlags() {
  const { t } = useDiscountsMessages();
  const trpc = useTRPC();
  const flags = useQuery(trpc.discounts.sharedPlacements.queryOptions());
  if (!flags.data?.length) return null;
  return (
    <section className="card" aria-labelledby="shared-placements-title">
      <h2 id="shared-placements-title">{t('admin.flagsTitle')}</h2>
      <ul className="compact-list">
        {flags.data.map((flag) => (
          <li key={flag.affiliateId}>{t('admin.flag', { name: flag.name, devices: flag.sharedDevices, networks: flag.sharedNetworks })}</li>
        ))}
      </ul>
    </section>
  );
}
