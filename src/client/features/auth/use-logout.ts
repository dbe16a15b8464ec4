import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { forgetReferral } from '../../lib/referral';
import { useTRPC } from '../../lib/trpc';
import { useCommonMessages } from '../../lib/common-messages';
import { pagePaths } from '../../../shared/page-paths';

/** What other features keep on this browser for the account, forgotten at logout; the app names them (app.tsx). */
const forgetters: (() => void)[] = [];

/** Has logout forget something more (on a shared phone the next person must not get this account's checkout draft). */
export function forgetAtLogout(forget: () => void): void {
  forgetters.push(forget);
}

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
          for (const forget of forgetters) forget();
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
