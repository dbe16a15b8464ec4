import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../components/copy-button';
import { Dialog } from '../../components/dialog';
import { PageSpinner } from '../../components/page-spinner';
import { TextField } from '../../components/text-field';
import { forgetReferral, rememberedReferral } from '../../lib/referral';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { useLogin } from '../auth/use-login';
import { useSession, type SessionUser } from '../auth/use-session';
import { clearDraft, loadDraft, saveDraft } from './checkout-draft';
import { useOrdersMessages } from './orders-messages';
import './checkout-dialog.css';

import type { CheckoutPackage } from './use-checkout';

function onPhone(): boolean {
  return /Android|iPhone|iPad/i.test(navigator.userAgent) || window.matchMedia?.('(pointer: coarse)').matches === true;
}

function LoginRequired() {
  const { t } = useOrdersMessages();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(t('loginRequired.empty'));
      return;
    }
    setError(null);
    login.mutate({ email, password }, { onError: () => setError(t('loginRequired.failed')) });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>{t('pay.loginFirst')}</p>
      <TextField label={t('pay.email')} type="email" name="email" autoComplete="email" value={email} onChange={setEmail} />
      <TextField label={t('loginRequired.password')} type="password" name="password" autoComplete="current-password" value={password} onChange={setPassword} />
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={login.isPending}>
        {login.isPending ? t('loginRequired.busy') : t('loginRequired.submit')}
      </button>
      <Link to="/register">{t('loginRequired.register')}</Link>
    </form>
  );
}

/** The buyer's sponsor, if set: then the popup shows them instead of a Referral ID field. */
function useSponsor(user: SessionUser) {
  const trpc = useTRPC();
  const sponsor = useQuery(trpc.auth.referrer.queryOptions({ userId: user.id }));
  return { loading: sponsor.isPending, name: sponsor.data?.name ?? null };
}

function PaymentForm({ pkg, user }: { pkg: CheckoutPackage; user: SessionUser }) {
  const { t } = useOrdersMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const details = useQuery(trpc.orders.paymentDetails.queryOptions({ packageId: pkg.id }, { staleTime: Infinity }));
  const sponsor = useSponsor(user);
  const purchase = useMutation(trpc.orders.purchase.mutationOptions());
  const [form, setForm] = useState(() => {
    const draft = loadDraft(user.id);
    if (draft && draft.packageId === pkg.id) return { name: draft.name, email: draft.email, referralId: draft.referralId, utr: draft.utr };
    return { name: user.name, email: user.email, referralId: rememberedReferral() ?? '', utr: '' };
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const update = (field: keyof typeof form) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    saveDraft({ userId: user.id, packageId: pkg.id, packageName: pkg.name, pricePaise: pkg.pricePaise, ...next });
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!pkg.id) {
      setProblem(t('pay.noPackage'));
      return;
    }
    if (!form.name.trim() || !form.email.trim() || !form.utr.trim()) {
      setProblem(t('pay.required'));
      return;
    }
    setProblem(null);
    purchase.mutate(
      {
        name: form.name,
        email: form.email,
        courseId: pkg.id,
        transactionId: form.utr,
        ...(sponsor.name === null && form.referralId.trim() && { referralId: form.referralId.trim() }),
      },
      {
        onSuccess: async () => {
          clearDraft();
          forgetReferral();
          setDone(true);
          await queryClient.invalidateQueries({ queryKey: trpc.orders.mine.queryKey() });
        },
        onError: (error) => setProblem(`${t('pay.failed')} ${errorMessage(error, '')}`.trim()),
      },
    );
  }

  if (done) {
    return (
      <div className="checkout__done" role="status">
        <p className="checkout__success">{t('pay.success')}</p>
        <p>{t('pay.verifying')}</p>
        <Link to="/myCourses" className="button button--primary">
          {t('pay.myCourses')}
        </Link>
      </div>
    );
  }

  const amount = formatRupees(pkg.pricePaise);
  return (
    <div className="checkout">
      <p className="checkout__price">
        {t('pay.amount')}: <strong>{amount}</strong>
      </p>
      <h3>{t('pay.step1', { amount })}</h3>
      {details.isPending ? (
        <PageSpinner />
      ) : details.isError ? (
        <p role="alert">{errorMessage(details.error, t('pay.loadFailed'))}</p>
      ) : (
        <>
          <p className="muted">{t('pay.scan')}</p>
          <img
            className="checkout__qr"
            src={details.data.qrDataUrl}
            alt={t('pay.qrAlt', { amount, payee: details.data.payeeName })}
            width="240"
            height="240"
          />
          <p className="checkout__upi">
            <span>
              {t('pay.upiId')}: <strong translate="no">{details.data.upiId}</strong>
            </span>
            <CopyButton text={details.data.upiId} label={t('pay.copyUpi')} copiedMessage={t('pay.upiCopied')} failedMessage={t('pay.copyFailed')} />
          </p>
          {onPhone() && (
            <a className="button button--primary button--block" href={details.data.upiLink}>
              {t('pay.openApp')}
            </a>
          )}
        </>
      )}

      <h3>{t('pay.step2')}</h3>
      <form className="form" onSubmit={submit} noValidate>
        <TextField label={t('pay.name')} name="name" autoComplete="name" value={form.name} onChange={update('name')} />
        <TextField label={t('pay.email')} type="email" name="email" autoComplete="email" value={form.email} onChange={update('email')} />
        {sponsor.loading ? null : sponsor.name !== null ? (
          <p>
            {t('pay.sponsor')}: <strong>{sponsor.name}</strong>
          </p>
        ) : (
          <TextField label={t('pay.referral')} name="referralId" hint={t('pay.referralHint')} value={form.referralId} onChange={update('referralId')} />
        )}
        <TextField
          label={t('pay.utr')}
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          hint={t('pay.utrHint')}
          value={form.utr}
          onChange={update('utr')}
        />
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={purchase.isPending}>
          {purchase.isPending ? t('pay.busy') : t('pay.submit')}
        </button>
      </form>
    </div>
  );
}

/** Buy Now: Login Required for a visitor, then the payment popup. */
export default function CheckoutDialog({ pkg, onClose }: { pkg: CheckoutPackage; onClose: () => void }) {
  const { t } = useOrdersMessages();
  const { user, loading } = useSession();
  const close = () => {
    clearDraft();
    onClose();
  };
  const title = user ? t('pay.title', { name: pkg.name }) : t('loginRequired.title');
  return (
    <Dialog open onClose={close} title={title} closeLabel={t('pay.close')}>
      {loading ? <PageSpinner /> : user ? <PaymentForm pkg={pkg} user={user} /> : <LoginRequired />}
    </Dialog>
  );
}
