import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/dialog';
import { PageSpinner } from '../../components/page-spinner';
import { QueryState } from '../../components/query-state';
import { forgetDiscountCode, forgetReferral } from '../../lib/referral';
import { DiscountCodeField, type AppliedCode } from './discount-code-field';
import { errorCode, errorMessage, type RouterInputs, useTRPC } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { LoginForm } from '../auth/login-form';
import { useSession, type SessionUser } from '../auth/use-session';
import { siteConfig } from '../../lib/site-config';
import { cleanUtr } from '../../../shared/utr';
import { clearBuyIntent, saveBuyIntent } from '../../lib/buy-intent';
import { clearDraft, loadDraft } from './checkout-draft';
import { PaymentPanel } from './payment-panel';
import { useWatchedOrders } from './use-watched-orders';
import { useOrdersMessages } from './orders-messages';
import { TaxFields, taxInput, type TaxValue } from './tax-fields';
import { BuyerFields, buyerProblems, type FieldName, type Problems, UtrField, useBuyerForm } from './buyer-form';
import './checkout-dialog.css';

import type { CheckoutPackage } from '../../lib/checkout-package';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { FormError } from '../../components/form-error';
import { SubmitButton } from '../../components/submit-button';
import { ButtonLink } from '../../components/button-link';

function onPhone(): boolean {
  return /Android|iPhone|iPad/i.test(navigator.userAgent) || window.matchMedia?.('(pointer: coarse)').matches === true;
}

function LoginRequired({ pkg }: { pkg: CheckoutPackage }) {
  const { t } = useOrdersMessages();
  // Registering (or logging in) brings the visitor back to this package with the checkout open.
  useEffect(() => saveBuyIntent(pkg), [pkg]);
  return (
    <LoginForm
      submitLabel={t('loginRequired.submit')}
      busyLabel={t('loginRequired.busy')}
      intro={<p>{t('pay.loginFirst')}</p>}
      short={{ emptyText: t('loginRequired.empty'), failedText: t('loginRequired.failed') }}
    >
      <Link to={pagePaths.register}>{t('loginRequired.register')}</Link>
    </LoginForm>
  );
}

/** The buyer's sponsor, if set: the popup names them. */
function useSponsor(user: SessionUser) {
  const trpc = useTRPC();
  const sponsor = useQuery(trpc.auth.referrer.queryOptions({ userId: user.id }));
  return { loading: sponsor.isPending, name: sponsor.data?.name ?? null };
}

/** The buyer's part of every way to buy (UPI with a UTR, the gateway, a free code): the server's input, not a copy. */
type BuyerInput = Pick<RouterInputs['orders']['purchase'], 'name' | 'email' | 'packageId' | 'state' | 'pin' | 'gstin'>;

/** Which field a refusal of the server is about, so its message stands beside that field. */
function fieldOfError(code: string | undefined): FieldName | 'general' {
  if (!code) return 'general';
  if (code.startsWith('UTR') || code === 'BAD_INPUT') return 'utr';
  return 'general';
}

/** The phone came back to this tab (from the UPI app): `onReturn` runs once per return. */
function useReturnToTab(onReturn: () => void) {
  const handler = useRef(onReturn);
  handler.current = onReturn;
  useEffect(() => {
    let left = false;
    const onChange = () => {
      if (document.visibilityState === 'hidden') left = true;
      else if (left) {
        left = false;
        handler.current();
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
}

/** The popup's end once a free code took the package: the way to its lectures. */
function FreeTaken({ pkg }: { pkg: CheckoutPackage }) {
  const { t } = useOrdersMessages();
  return (
    <div className="checkout__done" role="status">
      <p className="checkout__success">{t('code.freeDone', { name: pkg.name })}</p>
      <ButtonLink to={pathTo(pagePaths.player, { courseId: pkg.id })} look="primary">
        {t('code.startLearning')}
      </ButtonLink>
    </div>
  );
}

/**
 * The popup's end once the UTR is sent: it waits for the admin, within the hours the site says,
 * and asks again when the learner comes back to it; approved, it leads straight to the lectures.
 */
function PurchaseSent({ pkg }: { pkg: CheckoutPackage }) {
  const { t, count } = useOrdersMessages();
  const { approved } = useWatchedOrders();
  if (approved.some((order) => order.packageId === pkg.id)) {
    return (
      <div className="checkout__done" role="status">
        <p className="checkout__success">{t('pay.approved', { name: pkg.name })}</p>
        <ButtonLink to={pathTo(pagePaths.player, { courseId: pkg.id })} look="primary">
          {t('code.startLearning')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="checkout__done" role="status">
      <p className="checkout__success">{t('pay.success')}</p>
      <p>{t('pay.verifying')}</p>
      <p>{count('pay.verifyingHours', siteConfig.approvalHoursHint)}</p>
      <ButtonLink to={pagePaths.myCourses} look="primary">
        {t('pay.myCourses')}
      </ButtonLink>
    </div>
  );
}

/**
 * The three ways to buy (the gateway, a free code, a UTR): each first has the buyer's details
 * checked (`prepare`, which shows what is wrong), then sends them, and ends the popup its way.
 */
function useBuyActions(code: AppliedCode | null, utr: string, prepare: (withUtr: boolean) => BuyerInput | null, show: (problems: Problems) => void) {
  const { t } = useOrdersMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const claimFree = useMutation(trpc.orders.claimFree.mutationOptions());
  const purchase = useMutation(trpc.orders.purchase.mutationOptions());
  const startGateway = useMutation(trpc.payments.start.mutationOptions());
  const [freeDone, setFreeDone] = useState(false);
  const [done, setDone] = useState(false);

  /** Bought (or on its way): the draft and the codes it used are forgotten. */
  function forgetCheckout() {
    clearDraft();
    forgetReferral();
    forgetDiscountCode();
  }

  /** A refusal's message, beside the field it is about (`toGeneral`: a UTR's problem is said in general, for there is no UTR field). */
  function showFailure(error: unknown, toGeneral: boolean) {
    const field = fieldOfError(errorCode(error));
    const reason = errorMessage(error, '');
    show({ [toGeneral && field === 'utr' ? 'general' : field]: reason ? t('pay.failedWith', { reason }) : t('pay.failed') });
  }

  /** Pay with UPI through the gateway: the order is opened on it, then its own page takes over (its window, its confirmation). */
  function payThroughGateway() {
    const buyer = prepare(false);
    if (!buyer) return;
    startGateway.mutate(
      { ...buyer, ...(code && { code: code.code }) },
      {
        onSuccess: (launch) => {
          forgetCheckout();
          clearBuyIntent();
          // A page load of its own: only that page's Content Security Policy lets the gateway's window in.
          window.location.assign(pathTo(pagePaths.gatewayPay, { orderId: String(launch.orderId) }));
        },
        onError: (error) => showFailure(error, true),
      },
    );
  }

  /** A code that makes the package free: taken at once, no payment. */
  function takeFree() {
    if (!code) return;
    const buyer = prepare(false);
    if (!buyer) return;
    claimFree.mutate(
      { ...buyer, code: code.code },
      {
        onSuccess: async () => {
          forgetCheckout();
          setFreeDone(true);
          await queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() });
        },
        onError: (error) => show({ general: t('pay.failedWith', { reason: errorMessage(error, '') }) }),
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const buyer = prepare(true);
    if (!buyer) return;
    purchase.mutate(
      { ...buyer, utr, ...(code && { code: code.code }) },
      {
        onSuccess: async () => {
          forgetCheckout();
          setDone(true);
          await queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() });
        },
        onError: (error) => showFailure(error, false),
      },
    );
  }

  return {
    freeDone,
    done,
    busy: { gateway: startGateway.isPending, free: claimFree.isPending, purchase: purchase.isPending },
    payThroughGateway,
    takeFree,
    submit,
  };
}

function PaymentForm({ pkg, user }: { pkg: CheckoutPackage; user: SessionUser }) {
  const { t } = useOrdersMessages();
  const trpc = useTRPC();
  const [code, setCode] = useState<AppliedCode | null>(null);
  const sponsor = useSponsor(user);
  const { formRef, resumed, form, keep, update, codeChoice, chooseCode, problems, setProblems, show, focusField } = useBuyerForm(pkg, user);
  // The amount and the QR come only once the code step is done: a code applied, or going on without one.
  const skipped = codeChoice.done && !codeChoice.code;
  const codeDone = code !== null || skipped;
  const details = useQuery(
    trpc.orders.paymentDetails.queryOptions({ packageId: pkg.id, ...(code && { code: code.code }) }, { staleTime: Infinity, enabled: codeDone }),
  );
  const { freeDone, done, busy, payThroughGateway, takeFree, submit } = useBuyActions(code, form.utr, prepare, show);
  // Reopened from a kept draft without its UTR: back from the UPI app, ready for the UTR.
  const [returned, setReturned] = useState(resumed && !form.utr);
  const [pasteProblem, setPasteProblem] = useState<string | null>(null);
  // Asked only when receipts are tax invoices; not kept in the draft.
  const [tax, setTax] = useState<TaxValue>({ state: '', pin: '', gstin: '' });

  // Kept from the start: a phone may kill this tab while the UPI app is open, and the popup comes back.
  // A draft of this package already kept is as new as what was typed (update() keeps each change), so
  // the popup's opening snapshot never writes over it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the popup opens; later changes are kept by update()
  useEffect(() => {
    if (loadDraft(user.id)?.packageId !== pkg.id) keep(form);
  }, []);

  const focusUtr = () => requestAnimationFrame(() => focusField('utr'));

  // biome-ignore lint/correctness/useExhaustiveDependencies: once the code step is done (at once, or after its code is tried again) in a popup reopened from a kept draft
  useEffect(() => {
    if (returned && codeDone) focusUtr();
  }, [codeDone]);

  // Back from the UPI app: the UTR field takes focus, with the Paste button beside it.
  useReturnToTab(() => {
    if (done || form.utr) return;
    setReturned(true);
    focusUtr();
  });

  async function paste() {
    try {
      const text = await navigator.clipboard.readText();
      const utr = cleanUtr(text);
      if (!utr) throw new Error('empty');
      update('utr')(utr);
      setPasteProblem(null);
    } catch {
      setPasteProblem(t('pay.pasteFailed'));
      focusField('utr');
    }
  }

  /**
   * The buyer's part of the input once their details pass the check (the UTR too, `withUtr`); else
   * null, the problems shown. Every way to buy sends it: the name, email and package, the tax
   * details, a sponsor typed in.
   */
  function prepare(withUtr: boolean): BuyerInput | null {
    const found = buyerProblems(pkg.id, form, tax, withUtr, t);
    if (found) {
      show(found);
      return null;
    }
    setProblems({});
    return {
      name: form.name,
      email: form.email,
      packageId: pkg.id,
      ...(siteConfig.taxInvoice && taxInput(tax)),
    };
  }

  if (freeDone) return <FreeTaken pkg={pkg} />;
  if (done) return <PurchaseSent pkg={pkg} />;

  const amount = formatRupees(code?.pricePaise ?? pkg.pricePaise);
  const codeField = (
    <DiscountCodeField
      packageId={pkg.id}
      initialCode={codeChoice.code}
      applied={code}
      skipped={skipped}
      onApplied={(applied) => {
        setCode(applied);
        chooseCode({ code: applied?.code ?? '', done: applied !== null });
      }}
      onSkip={(skip) => chooseCode({ code: '', done: skip })}
    />
  );
  const buyerFields = <BuyerFields form={form} problems={problems} sponsor={sponsor} update={update} />;
  const utrField = <UtrField returned={returned} value={form.utr} error={problems.utr ?? pasteProblem} onChange={update('utr')} onPaste={() => void paste()} />;
  const price = (
    <p className="checkout__price">
      {t('pay.amount')}: <strong>{amount}</strong>
    </p>
  );
  const paymentPanel = (
    <QueryState query={details} error={(error) => errorMessage(error, t('pay.loadFailed'))}>
      {(info) => <PaymentPanel info={info} phone={onPhone()} />}
    </QueryState>
  );
  const taxFields = siteConfig.taxInvoice && <TaxFields value={tax} onChange={setTax} />;
  const generalProblem = <FormError message={problems.general} focusable />;

  // A code that makes the package free: no payment at all.
  if (code?.free) {
    return (
      <div className="checkout">
        <form ref={formRef} className="form" onSubmit={(event) => event.preventDefault()} noValidate>
          {buyerFields}
          {codeField}
          <p>{t('code.free')}</p>
          {generalProblem}
          <button type="button" className="button button--primary button--block" onClick={takeFree} disabled={busy.free}>
            {busy.free ? t('code.claimBusy') : t('code.claim')}
          </button>
        </form>
      </div>
    );
  }

  // With a payment gateway: Pay with UPI first (confirmed by itself), paying by QR with a UTR second.
  if (siteConfig.gateway) {
    return (
      <div className="checkout">
        {codeField}
        {codeDone && price}
        {codeDone && (
          <form ref={formRef} className="form" onSubmit={submit} noValidate>
            {buyerFields}
            {taxFields}
            {generalProblem}
            <button type="button" className="button button--primary button--block" onClick={payThroughGateway} disabled={busy.gateway}>
              {busy.gateway ? t('pay.instantBusy') : t('pay.instant', { amount })}
            </button>
            <p className="field__hint">{t('pay.instantHint')}</p>
            {siteConfig.upiQr && (
              <details className="checkout__by-utr" open={resumed || returned || Boolean(form.utr) || undefined}>
                <summary>{t('pay.haveUtr')}</summary>
                {paymentPanel}
                {utrField}
                <SubmitButton className="button button--block" busy={busy.purchase} busyLabel={t('pay.busy')}>
                  {t('pay.submit')}
                </SubmitButton>
              </details>
            )}
          </form>
        )}
      </div>
    );
  }

  // The code step comes first: the amount and the QR only once a code is applied or none chosen, so the QR asks for the final amount, never the price before the code.
  return (
    <div className="checkout">
      {codeField}
      {codeDone && (
        <>
          {price}
          <h3>{t('pay.step1', { amount })}</h3>
          {paymentPanel}
          <h3>{t('pay.step2')}</h3>
        </>
      )}
      {codeDone && (
        <form ref={formRef} className="form" onSubmit={submit} noValidate>
          {buyerFields}
          {utrField}
          {taxFields}
          {generalProblem}
          <SubmitButton className="button button--primary button--block" busy={busy.purchase} busyLabel={t('pay.busy')}>
            {t('pay.submit')}
          </SubmitButton>
        </form>
      )}
    </div>
  );
}

/** How many payment popups are open (0 or 1; React's development double mount briefly makes it 2). */
let openPopups = 0;
const POPUP_STATE = 'checkoutPopup';
const popupInHistory = () => Boolean((window.history.state as Record<string, unknown> | null)?.[POPUP_STATE]);

/**
 * Android's Back closes the popup, not the page: opening it adds a history entry on the same
 * address, Back leaves that entry (and closes the popup), and closing it any other way takes
 * the entry away again.
 */
function useBackCloses(onBack: () => void) {
  const handler = useRef(onBack);
  handler.current = onBack;
  useEffect(() => {
    openPopups += 1;
    if (!popupInHistory()) window.history.pushState({ ...(window.history.state as object | null), [POPUP_STATE]: true }, '');
    const onPop = () => {
      if (!popupInHistory()) handler.current();
    };
    window.addEventListener('popstate', onPop);
    return () => {
      openPopups -= 1;
      window.removeEventListener('popstate', onPop);
      // Later, so that a remount (React's development double run) keeps its entry.
      setTimeout(() => {
        if (openPopups === 0 && popupInHistory()) window.history.back();
      }, 0);
    };
  }, []);
}

/** Buy Now: Login Required for a visitor, then the payment popup. */
export default function CheckoutDialog({ pkg, onClose }: { pkg: CheckoutPackage; onClose: () => void }) {
  const { t } = useOrdersMessages();
  const { user, loading } = useSession();
  const close = () => {
    clearDraft();
    clearBuyIntent();
    onClose();
  };
  useBackCloses(close);
  const title = user ? t('pay.title', { name: pkg.name }) : t('loginRequired.title');
  // A tap beside the popup does not close it: the learner may be halfway through paying.
  return (
    // Drawn open: on a learner's `/course/:id?buy=1` the server draws it (entry-server.tsx), typeable before the app runs.
    <Dialog open startsOpen onClose={close} title={title} closeLabel={t('pay.close')} closeOnBackdrop={false}>
      {loading ? <PageSpinner /> : user ? <PaymentForm pkg={pkg} user={user} /> : <LoginRequired pkg={pkg} />}
    </Dialog>
  );
}
