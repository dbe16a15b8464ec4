import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useLocation, useNavigate } from 'react-router';
import { TextField } from '../../components/text-field';
import { rememberedReferral } from '../../lib/referral';
import { errorMessage, fieldErrorsOf, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthMessages } from './auth-messages';
import { NameField } from './name-field';
import { NewPasswordField } from './new-password-field';
import { loadPendingRegistration, savePendingRegistration } from './pending-registration';
import { BuyingSummary } from './buying-summary';
import { type AgeAnswer, AgeFields } from './age-fields';
import { keepRegisterForm, keptRegisterForm } from './register-draft';
import { checkForm } from '../../lib/form-check';
import { phoneDigits } from '../../../shared/phone';
import { pagePaths } from '../../../shared/page-paths';
import { FormError } from '../../components/form-error';
import { SubmitButton } from '../../components/submit-button';
import { WhatsAppFields } from '../../components/whatsapp-fields';
import { tickOf, useEnteredEarly } from '../../lib/use-entered-early';

export default function RegisterPage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('register.title'));
  const trpc = useTRPC();
  const navigate = useNavigate();
  const register = useMutation(trpc.auth.register.mutationOptions());
  // Back from the code page to change the email: the form as it was, the email to correct.
  const changingEmail = (useLocation().state as { changeEmail?: boolean } | null)?.changeEmail === true;
  const [form, setForm] = useState(() => (changingEmail && keptRegisterForm()) || { name: '', email: '', phone: '', password: '' });
  useEffect(() => {
    if (!changingEmail) return;
    // After the page's move has put the focus at the page's start (layout.tsx): then on the email.
    requestAnimationFrame(() => {
      const email = document.querySelector<HTMLInputElement>('input[name="email"]');
      email?.focus();
      email?.select();
    });
  }, [changingEmail]);
  // What is wrong with the WhatsApp number or its box, beside the one it concerns.
  const [phoneError, setPhoneError] = useState<{ field: 'phone' | 'whatsapp-consent'; text: string } | null>(null);
  // Updates on WhatsApp are asked apart (their own consent), never assumed: the box starts empty.
  const [whatsapp, setWhatsapp] = useState(() => (changingEmail && keptRegisterForm()?.whatsapp) || false);
  // A tab the phone killed while the learner copied the code: its sign-up waits on the code screen.
  useEffect(() => {
    if (!changingEmail && loadPendingRegistration()) void navigate(pagePaths.verify, { replace: true });
  }, [changingEmail, navigate]);
  // Consent to the privacy notice is asked, never assumed: the box starts empty.
  const [consent, setConsent] = useState(() => changingEmail && keptRegisterForm() !== null);
  // A tick given before the app hydrated the page is taken into the form.
  const consentBox = useEnteredEarly(tickOf, consent, setConsent);
  // A refusal of the server stands beside the field it concerns (or above the button), never only in a toast.
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [age, setAge] = useState<AgeAnswer>(() => {
    const kept = changingEmail ? keptRegisterForm() : null;
    return { adult: kept?.adult ?? null, parentEmail: kept?.parentEmail ?? '' };
  });
  const set = (field: keyof typeof form) => (value: string) => {
    setProblems({});
    setForm((current) => ({ ...current, [field]: value }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    // The WhatsApp number is optional, and kept only with its consent: one typed must be a number
    // and needs the box, and the box needs one.
    const typedPhone = form.phone.trim() !== '';
    const contact = typedPhone ? phoneDigits(form.phone) : null;
    if ((typedPhone && !contact) || whatsapp !== typedPhone) {
      const field = typedPhone && contact ? 'whatsapp-consent' : 'phone';
      setPhoneError({ field, text: t(!typedPhone ? 'register.whatsappNeedsPhone' : contact ? 'register.whatsappNeedsConsent' : 'register.phoneInvalid') });
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`input[name="${field}"]`)?.focus());
      return;
    }
    setPhoneError(null);
    if (age.adult === null) {
      setProblems({ adult: t('age.missing') });
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="adult"]')?.focus());
      return;
    }
    if (!consent) {
      setProblems({ consent: t('register.consentMissing') });
      requestAnimationFrame(() => document.querySelector<HTMLInputElement>('input[name="consent"]')?.focus());
      return;
    }
    const referralCode = rememberedReferral() ?? undefined;
    register.mutate(
      {
        name: form.name,
        email: form.email,
        ...(contact && whatsapp && { phone: contact, whatsapp: true }),
        password: form.password,
        referralCode,
        consent: true,
        adult: age.adult,
        ...(!age.adult && { parentEmail: age.parentEmail }),
      },
      {
        onSuccess: (result) => {
          keepRegisterForm({ ...form, ...age, whatsapp });
          savePendingRegistration({ activationToken: result.activationToken, email: form.email.trim(), sentAt: Date.now() });
          toast.success(t('register.codeSent'));
          void navigate(pagePaths.verify);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          const known = (['name', 'email', 'phone', 'password', 'parentEmail'] as const).find((field) => fields[field]);
          setProblems(known ? { [known]: fields[known]! } : { general: errorMessage(error, t('register.failed')) });
          const input = known;
          requestAnimationFrame(() =>
            (input ? document.querySelector<HTMLInputElement>(`input[name="${input}"]`) : document.querySelector<HTMLElement>('.form-error'))?.focus(),
          );
        },
      },
    );
  }

  return (
    <div className="page page--narrow">
      <h1>{t('register.title')}</h1>
      <BuyingSummary />
      <form className="form" onSubmit={submit} noValidate>
        <NameField error={problems.name} value={form.name} onChange={set('name')} />
        <TextField
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          error={problems.email}
          value={form.email}
          onChange={set('email')}
        />
        <fieldset className="field">
          <legend className="field__label">{t('register.whatsappTitle')}</legend>
          <WhatsAppFields
            optional
            phoneName="phone"
            phone={form.phone}
            onPhoneChange={(value) => {
              setPhoneError(null);
              set('phone')(value);
            }}
            consent={whatsapp}
            onConsentChange={(value) => {
              setWhatsapp(value);
              setPhoneError(null);
            }}
            phoneError={phoneError?.field === 'phone' ? phoneError.text : problems.phone}
            consentError={phoneError?.field === 'whatsapp-consent' ? phoneError.text : null}
          />
        </fieldset>
        <NewPasswordField value={form.password} onChange={set('password')} error={problems.password} />
        <AgeFields
          value={age}
          onChange={(answer) => {
            setProblems({});
            setAge(answer);
          }}
          errors={{ adult: problems.adult, parentEmail: problems.parentEmail }}
        />
        <div className="field field--check">
          <label>
            <input
              ref={consentBox}
              type="checkbox"
              name="consent"
              checked={consent}
              aria-invalid={problems.consent ? true : undefined}
              aria-describedby={problems.consent ? 'consent-problem' : undefined}
              onChange={(event) => {
                setConsent(event.target.checked);
                setProblems({});
              }}
            />{' '}
            {t('register.consentBefore')}{' '}
            <a href={pagePaths.privacy} target="_blank" rel="noopener">
              {t('register.consentLink')}
            </a>
            {t('register.consentAfter')}
          </label>
          {problems.consent && (
            <p id="consent-problem" className="field__error" role="alert">
              {problems.consent}
            </p>
          )}
        </div>
        <FormError message={problems.general} focusable />
        <SubmitButton className="button button--primary button--block" busy={register.isPending} busyLabel={t('register.busy')}>
          {t('register.submit')}
        </SubmitButton>
      </form>
      <p className="form__links">
        {t('register.haveAccount')} <Link to={pagePaths.login}>{t('register.login')}</Link>
      </p>
    </div>
  );
}
