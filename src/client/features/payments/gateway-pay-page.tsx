import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageSpinner } from '../../components/page-spinner';
import { siteConfig } from '../../lib/site-config';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatRupees } from '../../../shared/money';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { loadCheckout, upiFirst } from './gateway-checkout';
import { usePaymentsMessages } from './payments-messages';
import { FormError } from '../../components/form-error';
import { ButtonLink } from '../../components/button-link';

type Stage = 'opening' | 'open' | 'dismissed' | 'confirming' | 'failed';

/** How long the page waits for a confirmation before it says the learner may leave. */
const SLOW_AFTER_MS = 20_000;

/**
 * /pay/{orderId}: the payment gateway's checkout for one order. It opens the gateway's window at
 * once (UPI first), sends its answer to the server, which asks the gateway, and moves to "Start
 * learning" by itself once the order is approved. Closing the window loses nothing: it can be
 * opened again, or the learner pays by QR instead.
 */
export default function GatewayPayPage() {
  const { t } = usePaymentsMessages();
  const { orderId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>('opening');
  const [slow, setSlow] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const checkout = useQuery(
    trpc.payments.checkout.queryOptions(
      { orderId },
      {
        // While the payment is being confirmed, ask again until the order is decided.
        refetchInterval: (query) => (stage === 'confirming' && query.state.data?.status === 'pending' ? 3000 : false),
      },
    ),
  );
  const confirm = useMutation(trpc.payments.confirm.mutationOptions());
  const data = checkout.data;
  const approved = data?.status === 'approved';
  useDocumentTitle(t('pay.title', { name: data?.packageName ?? siteConfig.siteName }));

  const opened = useRef(false);
  const open = useCallback(async () => {
    const launch = data?.launch;
    if (!launch) return;
    setStage('opening');
    setProblem(null);
    try {
      const Checkout = await loadCheckout(launch.script);
      new Checkout({
        key: launch.keyId,
        order_id: launch.gatewayOrderId,
        amount: launch.amountPaise,
        currency: launch.currency,
        name: siteConfig.siteName,
        description: launch.packageName,
        prefill: { name: launch.buyer.name, email: launch.buyer.email, ...(launch.buyer.phone && { contact: launch.buyer.phone }) },
        config: upiFirst,
        theme: { color: '#b3261e' },
        modal: { ondismiss: () => setStage((now) => (now === 'confirming' ? now : 'dismissed')), confirm_close: true },
        handler: (answer) => {
          setStage('confirming');
          confirm.mutate(
            { orderId: String(launch.orderId), paymentId: answer.razorpay_payment_id, signature: answer.razorpay_signature },
            {
              onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.payments.checkout.queryKey({ orderId }) }),
              onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() }),
              onError: (error) => setProblem(t('pay.notVerified', { reason: errorMessage(error, '') })),
            },
          );
        },
      }).open();
      setStage('open');
    } catch {
      setStage('failed');
    }
  }, [data, confirm, queryClient, trpc, orderId, t]);

  // The window opens by itself the first time the order can be paid.
  useEffect(() => {
    if (data?.launch && !opened.current) {
      opened.current = true;
      void open();
    }
  }, [data, open]);

  useEffect(() => {
    if (stage !== 'confirming' || approved) return;
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [stage, approved]);

  if (checkout.isPending) return <PageSpinner />;
  if (checkout.isError || !data) {
    return (
      <div className="page page--narrow center">
        <p role="alert">{errorMessage(checkout.error, t('pay.loadFailed'))}</p>
        <ButtonLink to={pagePaths.myCourses}>{t('pay.myCourses')}</ButtonLink>
      </div>
    );
  }

  if (approved) {
    return (
      <div className="page page--narrow center">
        <p role="status" className="checkout__success">
          {t('pay.approved', { name: data.packageName })}
        </p>
        <ButtonLink to={pathTo(pagePaths.player, { courseId: String(data.packageId) })} look="primary" className="button--block">
          {t('pay.startLearning')}
        </ButtonLink>
      </div>
    );
  }

  const launch = data.launch;
  return (
    <div className="page page--narrow center">
      <h1>{t('pay.title', { name: data.packageName })}</h1>
      {launch && <p>{t('pay.amount', { amount: formatRupees(launch.amountPaise) })}</p>}
      <div role="status">
        {data.status === 'rejected' && <p>{t('pay.rejected')}</p>}
        {data.status === 'awaiting_difference' && <p>{t('pay.differenceDue')}</p>}
        {data.status === 'pending' && !launch && <p>{t('pay.waitingOnUtr')}</p>}
        {launch && stage === 'opening' && <p>{t('pay.opening')}</p>}
        {launch && stage === 'confirming' && <p>{t('pay.confirming')}</p>}
        {launch && stage === 'confirming' && slow && <p>{t('pay.confirmingSlow')}</p>}
        {launch && stage === 'dismissed' && <p>{t('pay.dismissed')}</p>}
        {launch && stage === 'failed' && <p>{t('pay.loadFailed')}</p>}
      </div>
      <FormError message={problem} />
      {launch && (stage === 'dismissed' || stage === 'failed') && (
        <p className="button-row">
          <button type="button" className="button button--primary" onClick={() => void open()}>
            {t('pay.open', { amount: formatRupees(launch.amountPaise) })}
          </button>
          {siteConfig.upiQr && <ButtonLink to={pathTo(pagePaths.packagePage, { id: String(data.packageId) })}>{t('pay.byQr')}</ButtonLink>}
        </p>
      )}
      <p>
        <Link to={pagePaths.myCourses}>{t('pay.myCourses')}</Link>
      </p>
    </div>
  );
}
