import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** A package's lectures for the admin screens (nothing until a package is chosen). */
export function usePackageLectures(packageId: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.lectures.forPackage.queryOptions({ packageId }, { staleTime: 0 }), enabled: packageId !== '' });
}
