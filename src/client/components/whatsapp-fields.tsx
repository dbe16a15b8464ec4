import { useId } from 'react';
import { useCommonMessages } from '../lib/common-messages';
import { PhoneField } from './phone-field';
import { tickOf, useEnteredEarly } from '../lib/use-entered-early';

type Props = {
  /** At sign-up the number may be left out (no number, no updates); on the account page turning updates on needs it. */
  optional: boolean;
  /** The number input's name (sign-up's server errors name it `phone`). */
  phoneName: string;
  phone: string;
  onPhoneChange: (value: string) => void;
  consent: boolean;
  onConsentChange: (value: boolean) => void;
  /** What is wrong with the number, shown beside it. */
  phoneError?: string | null | undefined;
  /** What is wrong with the box (not ticked), shown beside it. */
  consentError?: string | null | undefined;
};

/**
 * The WhatsApp number and its consent of its own (DPDP Act s. 6), worded the same at sign-up and on
 * the account page (features auth and whatsapp), as the privacy notice says: what the updates are about, and how to stop them.
 * The box starts as its owner says (never ticked for the person).
 */
export function WhatsAppFields({ optional, phoneName, phone, onPhoneChange, consent, onConsentChange, phoneError, consentError }: Props) {
  const { t } = useCommonMessages();
  const problemId = `${useId()}-consent-problem`;
  // A tick given before the app hydrated sign-up is taken into the form.
  const consentBox = useEnteredEarly(tickOf, consent, onConsentChange);
  return (
    <>
      <PhoneField
        label={t(optional ? 'whatsappFields.numberOptional' : 'whatsappFields.number')}
        hint={t('whatsappFields.numberHint')}
        name={phoneName}
        required={!optional}
        error={phoneError ?? null}
        value={phone}
        onChange={onPhoneChange}
      />
      <div className="field field--check">
        <label>
          <input
            ref={consentBox}
            type="checkbox"
            name="whatsapp-consent"
            checked={consent}
            aria-invalid={consentError ? true : undefined}
            aria-describedby={consentError ? problemId : undefined}
            onChange={(event) => onConsentChange(event.target.checked)}
          />{' '}
          {t('whatsappFields.consent')}
        </label>
        {consentError && (
          <p id={problemId} className="field__error" role="alert">
            {consentError}
          </p>
        )}
      </div>
    </>
  );
}
