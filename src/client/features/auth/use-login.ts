import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changeLanguage, currentLanguage } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc';

/**
 * Logs in and refreshes everything that depends on who is signed in. The app switches to the
 * account's language (the one its owner chose, which their emails and WhatsApp messages use), and
 * this browser remembers it, cookie included, so the pages the server draws follow.
 */
export function useLogin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (result) => {
        if (result.user.lang !== currentLanguage()) changeLanguage(result.user.lang);
        queryClient.setQueryData(trpc.auth.me.queryKey(), result.user);
        await queryClient.invalidateQueries();
      },
    }),
  );
}
