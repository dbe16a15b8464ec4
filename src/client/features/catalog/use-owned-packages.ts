import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useSession } from '../auth/use-session';

/** Ids of the packages the signed-in user owns (empty for a visitor), so cards can offer Start Learning. */
export function useOwnedPackageIds(): ReadonlySet<string> {
  const trpc = useTRPC();
  const { user } = useSession();
  const mine = useQuery({ ...trpc.catalog.mine.queryOptions(), enabled: user !== null });
  return new Set(user ? (mine.data ?? []).map((pkg) => pkg.id) : []);
}
