import { useMutation } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { clearDraft, loadDraft } from './checkout-draft';
import { useOrdersMessages } from './orders-messages';

/**
 * /success, as the spec's app had it: reads the saved purchase details, submits them, and moves
 * on to My Courses, or back to the packages when the details are missing.
 */
export default function SuccessPage() {
  const { t } = useOrdersMessages();
  useDocumentTitle(t('success.title'));
  const trpc = useTRPC();
  const navigate = useNavigate();
  const purchase = useMutation(trpc.orders.purchase.mutationOptions());
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const draft = loadDraft();
    if (!draft || !draft.packageId || !draft.name || !draft.email || !draft.utr) {
      setMessage(t('success.invalid'));
      toast.error(t('success.invalid'));
      const timer = setTimeout(() => void navigate('/packages'), 2000);
      return () => clearTimeout(timer);
    }
    purchase.mutate(
      {
        name: draft.name,
        email: draft.email,
        courseId: draft.packageId,
        transactionId: draft.utr,
        ...(draft.referralId && { referralId: draft.referralId }),
      },
      {
        onSuccess: () => {
          clearDraft();
          toast.success(t('success.done'));
          void navigate('/myCourses');
        },
        onError: (error) => {
          const text = error instanceof TRPCClientError && error.data ? `${t('success.failed')} ${errorMessage(error, '')}` : t('success.error');
          setMessage(text);
          toast.error(text);
        },
      },
    );
    return undefined;
  }, [navigate, purchase, t]);

  return (
    <div className="page page--narrow center">
      <h1>{t('success.title')}</h1>
      {message ? <p role="alert">{message}</p> : <PageSpinner />}
    </div>
  );
}
