import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useSession } from '../auth/use-session';
import { clearDraft, loadDraft } from './checkout-draft';
import { useOrdersMessages } from './orders-messages';
import { pagePaths } from '../../../shared/page-paths';
import { ButtonLink } from '../../components/button-link';

/**
 * /success, as the spec's app had it: reads the saved purchase details, submits them, and moves
 * on to My Courses. Without details (already sent, or typed on another phone) it says so calmly
 * and offers My Courses and the packages.
 */
export default function SuccessPage() {
  const { t } = useOrdersMessages();
  useDocumentTitle(t('success.title'));
  const trpc = useTRPC();
  const navigate = useNavigate();
  const purchase = useMutation(trpc.orders.purchase.mutationOptions());
  const { user } = useSession();
  // Only the signed-in account's own draft is submitted (the route needs a session).
  const [draft] = useState(() => (user ? loadDraft(user.id) : null));
  const complete = draft !== null && Boolean(draft.packageId && draft.name && draft.email && draft.utr);
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

  // Complete details: submit them once (the ref keeps React's development double-run from ordering twice).
  useEffect(() => {
    if (!complete || !draft || started.current) return;
    started.current = true;
    purchase.mutate(
      {
        name: draft.name,
        email: draft.email,
        packageId: draft.packageId,
        utr: draft.utr,
        ...(draft.code && { code: draft.code }),
      },
      {
        onSuccess: () => {
          clearDraft();
          toast.success(t('success.done'));
          void navigate(pagePaths.myCourses);
        },
        onError: (error) => {
          const text = error instanceof TRPCClientError && error.data ? `${t('success.failed')} ${errorMessage(error, '')}` : t('success.error');
          setMessage(text);
          toast.error(text);
        },
      },
    );
  }, [complete, draft, navigate, purchase, t]);

  // Missing details (already sent, or never typed on this phone): no alarm, a way on instead.
  if (!complete) {
    return (
      <div className="page page--narrow center">
        <h1>{t('success.title')}</h1>
        <p>{t('success.nothing')}</p>
        <p className="button-row">
          <ButtonLink to={pagePaths.myCourses} look="primary">
            {t('success.myCourses')}
          </ButtonLink>
          <ButtonLink to={pagePaths.packages}>{t('success.packages')}</ButtonLink>
        </p>
      </div>
    );
  }

  return (
    <div className="page page--narrow center">
      <h1>{t('success.title')}</h1>
      {message ? <p role="alert">{message}</p> : <PageSpinner />}
      {message && (
        <p className="button-row">
          <ButtonLink to={pagePaths.myCourses} look="primary">
            {t('success.myCourses')}
          </ButtonLink>
        </p>
      )}
    </div>
  );
}
