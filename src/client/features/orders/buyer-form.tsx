import { useRef, useState } from 'react';
import { TextField } from '../../components/text-field';
import { rememberedDiscountCode, rememberedReferral } from '../../lib/referral';
import { siteConfig } from '../../lib/site-config';
import type { CheckoutPackage } from '../../lib/checkout-package';
import { cleanUtr, isImplausibleUtr } from '../../../shared/utr';
import { isPinCode } from '../../../shared/pin-code';
import type { SessionUser } from '../auth/use-session';
import { loadDraft, saveDraft } from './checkout-draft';
import { type OrdersText, useOrdersMessages } from './orders-messages';
import { UtrHelp } from './payment-panel';
import { gstinMessage, type TaxValue } from './tax-fields';

/*
 * The checkout popup's form of the buyer's own details: their name and email, the UTR of a UPI
 * payment, what is wrong with them, and the draft that keeps them while the UPI app is open.
 */

export type FieldName = 'name' | 'email' | 'utr';
export type Problems = Partial<Record<FieldName | 'general', string>>;

export type BuyerForm = { name: string; email: string; utr: string };
/** The code step: the code applied (or brought along to try), and whether the step is done (a code applied, or none chosen). */
export type CodeChoice = { code: string; done: boolean };

/** What keeps the buyer's details from being sent (the UTR too, `withUtr`), or null when they may go. */
export function buyerProblems(packageId: string, form: BuyerForm, tax: TaxValue, withUtr: boolean, t: OrdersText): Problems | null {
  if (!packageId) return { general: t('pay.noPackage') };
  const missing: Problems = {
    ...(!form.name.trim() && { name: t('pay.nameMissing') }),
    ...(!form.email.trim() && { email: t('pay.emailMissing') }),
    ...(!withUtr ? {} : !form.utr.trim() ? { utr: t('pay.required') } : isImplausibleUtr(form.utr) ? { utr: t('pay.utrNotReal') } : {}),
  };
  if (Object.keys(missing).length > 0) return missing;
  if (siteConfig.taxInvoice && ((!tax.state && !tax.gstin.trim()) || !isPinCode(tax.pin))) {
    return { general: t('pay.taxRequired') };
  }
  const gstinProblemText = siteConfig.taxInvoice ? gstinMessage(tax.gstin, t) : null;
  return gstinProblemText ? { general: gstinProblemText } : null;
}

/**
 * The buyer's details as typed, kept in the draft at every change (a phone may kill this tab while
 * the UPI app is open, and the popup comes back); the problems said about them, and the focus
 * that goes to the first.
 */
export function useBuyerForm(pkg: CheckoutPackage, user: SessionUser) {
  const formRef = useRef<HTMLFormElement>(null);
  // Reopened from a draft (back from the UPI app after the phone killed this tab): ready for the UTR.
  const [draft] = useState(() => {
    const kept = loadDraft(user.id);
    return kept?.packageId === pkg.id ? kept : null;
  });
  const resumed = draft !== null;
  const [form, setForm] = useState<BuyerForm>(() =>
    draft ? { name: draft.name, email: draft.email, utr: draft.utr } : { name: user.name, email: user.email, utr: '' },
  );
  // A code brought along by a link (a coupon's `?code=`, else a sponsor's `?ref=`) is tried first.
  const [codeChoice, setCodeChoice] = useState<CodeChoice>(() =>
    draft ? { code: draft.code ?? '', done: draft.codeDone ?? false } : { code: rememberedDiscountCode() ?? rememberedReferral() ?? '', done: false },
  );
  const [problems, setProblems] = useState<Problems>({});

  const keep = (next: BuyerForm, choice: CodeChoice = codeChoice) =>
    saveDraft({ userId: user.id, packageId: pkg.id, packageName: pkg.name, pricePaise: pkg.pricePaise, ...next, code: choice.code, codeDone: choice.done });

  const chooseCode = (choice: CodeChoice) => {
    setCodeChoice(choice);
    keep(form, choice);
  };

  const update = (field: keyof BuyerForm) => (value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    keep(next);
    if (problems[field]) setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const focusField = (field: FieldName | 'general') => {
    const target = formRef.current?.querySelector<HTMLElement>(field === 'general' ? '.form-error' : `[name="${field}"]`);
    target?.focus();
    target?.scrollIntoView({ block: 'center' });
  };

  const show = (next: Problems) => {
    setProblems(next);
    const first = (['name', 'email', 'utr', 'general'] as const).find((field) => next[field]);
    if (first) requestAnimationFrame(() => focusField(first));
  };

  return { formRef, resumed, form, keep, update, codeChoice, chooseCode, problems, setProblems, show, focusField };
}

/** The buyer's name and email, and their sponsor when they have one (a referral ID goes in the one code box). */
export function BuyerFields({
  form,
  problems,
  sponsor,
  update,
}: {
  form: BuyerForm;
  problems: Problems;
  sponsor: { loading: boolean; name: string | null };
  update: (field: keyof BuyerForm) => (value: string) => void;
}) {
  const { t } = useOrdersMessages();
  return (
    <>
      <TextField label={t('pay.name')} name="name" autoComplete="name" value={form.name} error={problems.name} onChange={update('name')} />
      <TextField label={t('pay.email')} type="email" name="email" autoComplete="email" value={form.email} error={problems.email} onChange={update('email')} />
      {!sponsor.loading && sponsor.name !== null && (
        <p>
          {t('pay.sponsor')}: <strong>{sponsor.name}</strong>
        </p>
      )}
    </>
  );
}

/** The UTR field with its Paste button (where the browser can read the clipboard) and the help to find the UTR. */
export function UtrField({
  returned,
  value,
  error,
  onChange,
  onPaste,
}: {
  returned: boolean;
  value: string;
  error: string | null | undefined;
  onChange: (value: string) => void;
  onPaste: () => void;
}) {
  const { t } = useOrdersMessages();
  const canPaste = typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';
  return (
    <>
      {returned && <p className="checkout__back">{t('pay.back')}</p>}
      <div className="utr-row">
        <TextField
          label={t('pay.utr')}
          name="utr"
          inputMode="numeric"
          autoComplete="off"
          maxLength={200}
          hint={t('pay.utrHint')}
          error={error}
          value={value}
          onChange={(typed) => onChange(cleanUtr(typed))}
        />
        {canPaste && (
          <button type="button" className="button utr-row__paste" aria-label={t('pay.pasteLabel')} onClick={onPaste}>
            {t('pay.paste')}
          </button>
        )}
      </div>
      <UtrHelp />
    </>
  );
}
