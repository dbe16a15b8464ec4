import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetReferral } from '../../lib/referral';
import { useTRPC } from '../../lib/trpc';
import { clearDraft } from '../orders/checkout-draft';
import { useCommonMessages } from '../../lib/common-messages';
import { pagePaths } from '../../../shared/page-paths';

/** Ends the session on the server and in the browser, says 'Logged Out', and goes to /login. */
export function useLogout() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useCommonMessages();
  const mutation = useMutation(trpc.auth.logout.mutationOptions());
  return {
    pending: mutation.isPending,
    logout: () =>
      mutation.mutate(undefined, {
        // Forget the session in the browser even if the server could not be reached.
        onSettled: () => {
          // On a shared phone the next person must not get this account's checkout or referral code.
          clearDraft();
          forgetReferral();
          queryClient.clear();
          queryClient.setQueryData(trpc.auth.me.queryKey(), null);
          // The menu (and this) is part of the first load; the toasts' code is not.
          void import('react-hot-toast').then(({ default: toast }) => toast.success(t('nav.loggedOut')));
          void navigate(pagePaths.login);
        },
      }),
  };
}
