import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'react-router';
import { useTRPC } from '../../lib/trpc';
import { pagePaths } from '../../../shared/page-paths';
import { useSession } from '../auth/use-session';

// The questions' code (a dialog, the age form, their texts) loads only when one is to be asked.
const ConsentDialogs = lazy(() => import('./consent-dialogs'));

/**
 * A signed-in person who has not accepted the privacy notice as it is now (it changed, or their
 * account came from a client that did not ask) is asked before going on; the notice itself can
 * be read meanwhile. Someone who never agreed to any version is asked for a first agreement, not
 * told that the notice changed. Before anything else: "are you 18 or older?" for an account made
 * without the question (the legacy client's sign-up), then, for a minor, the code emailed to
 * their parent (DPDP Act s. 9).
 */
export default function ConsentGate() {
  const { user } = useSession();
  if (!user) return null;
  return <AskWhenNeeded />;
}

function AskWhenNeeded() {
  const trpc = useTRPC();
  const location = useLocation();
  const status = useQuery(trpc.privacy.status.queryOptions(undefined, { staleTime: 5 * 60_000 }));
  // Closed without an answer: asked again at the next visit.
  const [later, setLater] = useState(false);
  if (later || !status.data || location.pathname === pagePaths.privacy) return null;
  const askAge = status.data.age.status === null || status.data.age.status === 'minor_waiting';
  if (!askAge && !status.data.consentNeeded) return null;
  return (
    <Suspense fallback={null}>
      <ConsentDialogs status={status.data} onLater={() => setLater(true)} />
    </Suspense>
  );
}
