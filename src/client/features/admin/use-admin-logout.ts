import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { useAdminMessages } from './admin-messages';

/** The sidebar's Logout: ends the session on the server and in the browser, says 'Logged Out', goes to /login. */
export function useAdminLogout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useAdminMessages();
  const mutation = useMutation(trpc.auth.logout.mutationOptions());
  return {
    pending: mutation.isPending,
    logout: () =>
      mutation.mutate(undefined, {
        // Forget the session in the browser even if the server could not be reached.
        onSettled: () => {
          queryClient.clear();
          queryClient.setQueryData(trpc.auth.me.queryKey(), null);
          toast.success(t('nav.loggedOut'));
          void navigate('/login');
        },
      }),
  };
}
