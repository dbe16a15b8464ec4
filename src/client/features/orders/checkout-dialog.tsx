import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../components/dialog';
import { PageSpinner } from '../../components/page-spinner';
import { TextField } from '../../components/text-field';
import { forgetReferral, rememberedReferral } from '../../lib/referral';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { useLogin } from '../auth/use-login';
import { useSession, type SessionUser } from '../auth/use-session';
import { siteConfig } from '../../lib/site-config';
import { indianStates, type StateCode } from '../../../shared/indian-states';
import { cleanUtr, isImplausibleUtr } from '../../../shared/utr';
import { clearDraft, loadDraft, saveDraft } from './checkout-draft';
import { PaymentPanel, UtrHelp } from './payment-panel';
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

/** The buyer's state (place of supply) and PIN code, for a tax invoice. */
function TaxFields({ value, onChange }: { value: { state: string; pin: string }; onChange: (value: { state: string; pin: string }) => void }) {
  const { t, lang } = useOrdersMessages();
  const id = useId();
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-state`} className="field__label">
          {t('pay.state')}
        </label>
        <select id={`${id}-state`} className="field__input" value={value.state} aria-describedby={`${id}-tax`} onChange={(event) => onChange({ ...value, state: event.target.value })}>
          <option value="">{t('pay.statePick')}</option>
          {indianStates.map((state) => (
            <option key={state.code} value={state.code}>
              {state[lang]}
            </option>
          ))}
        </select>
        <p id={`${id}-tax`} className="field__hint">
          {t('pay.taxHint')}
        </p>
      </div>
      <TextField label={t('pay.pin')} name="postal-code" autoComplete="postal-code" inputMode="numeric" maxLength={7} value={value.pin} onChange={(pin) => onChange({ ...value, pin })} />
    </>
  );
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
  // Asked only when receipts are tax invoices; not kept in the draft.
  const [tax, setTax] = useState({ state: '', pin: '' });

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
    if (isImplausibleUtr(form.utr)) {
      setProblem(t('pay.utrNotReal'));
      return;
    }
    if (siteConfig.taxInvoice && (!tax.state || !/^[1-9]\d{5}$/.test(tax.pin.replace(/\s/g, '')))) {
      setProblem(t('pay.taxRequired'));
      return;
    }
    setProblem(null);
    purchase.mutate(
      {
        name: form.name,
        email: form.email,
        courseId: pkg.id,
        transactionId: form.utr,
        ...(siteConfig.taxInvoice && { state: tax.state as StateCode, pin: tax.pin }),
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
          <PaymentPanel info={details.data} phone={onPhone()} />
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
          maxLength={200}
          hint={t('pay.utrHint')}
          value={form.utr}
          onChange={(value) => update('utr')(cleanUtr(value))}
        />
        <UtrHelp />
        {siteConfig.taxInvoice && <TaxFields value={tax} onChange={setTax} />}
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
