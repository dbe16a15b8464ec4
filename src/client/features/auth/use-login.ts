import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/** Logs in and refreshes everything that depends on who is signed in. */
export function useLogin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (result) => {
        queryClient.setQueryData(trpc.auth.me.queryKey(), result.user);
        await queryClient.invalidateQueries();
      },
    }),
  );
}
