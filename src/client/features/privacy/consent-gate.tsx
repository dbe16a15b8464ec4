import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { MutationButton } from '../../components/mutation-button';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { pagePaths } from '../../../shared/page-paths';
import { useSession } from '../auth/use-session';
import { usePrivacyMessages } from './privacy-messages';

/**
 * A signed-in person who has not accepted the privacy notice as it is now (it changed, or their
 * account came from a client that did not ask) is asked before going on; the notice itself can
 * be read meanwhile. Someone who never agreed to any version is asked for a first agreement, not
 * told that the notice changed.
 */
export default function ConsentGate() {
  const { user } = useSession();
  if (!user) return null;
  return <AskConsent />;
}

function AskConsent() {
  const { t } = usePrivacyMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const location = useLocation();
  const status = useQuery(trpc.privacy.status.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  const accept = useMutation(trpc.privacy.accept.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  // Closed without an answer: asked again at the next visit.
  const [later, setLater] = useState(false);
  if (later || !status.data?.consentNeeded || location.pathname === pagePaths.privacy) return null;
  const version = status.data.noticeVersion;
  const first = status.data.acceptedVersion === null;
  return (
    <Dialog
      open
      onClose={() => setLater(true)}
      title={first ? t('consent.firstTitle') : t('consent.title')}
      closeLabel={t('consent.later')}
      closeOnBackdrop={false}
    >
      <p>{first ? t('consent.firstText') : t('consent.text')}</p>
      <p>
        <a href={pagePaths.privacy} target="_blank" rel="noopener">
          {t('consent.read')}
        </a>
      </p>
      <FormError message={problem} />
      <MutationButton
        className="button button--primary button--block"
        mutation={accept}
        variables={{ version }}
        options={{
          onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.privacy.status.queryKey() }),
          onError: (error) => setProblem(errorMessage(error, t('consent.failed'))),
        }}
        busyLabel={t('consent.busy')}
      >
        {t('consent.agree')}
      </MutationButton>
    </Dialog>
  );
}
