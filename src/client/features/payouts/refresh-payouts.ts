import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Reads every payouts answer again (after a request, a batch, a line marked, a reversal): what is owed moves with each. */
export function useRefreshPayouts(): () => Promise<void> {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.payouts.pathKey() });
}
