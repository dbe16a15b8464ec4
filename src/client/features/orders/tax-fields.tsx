import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import type { RouterInputs } from '../../lib/trpc';
import { gstinProblem } from '../../../shared/gstin';
import { indianStates, type StateCode } from '../../../shared/indian-states';
import { type OrdersText, useOrdersMessages } from './orders-messages';

/** What the buyer gives for a tax invoice (when the site issues them): the state, the PIN and a business's GSTIN, as typed. */
export type TaxValue = { state: string; pin: string; gstin: string };

/** A typed GSTIN without spaces, in capitals. */
const cleanGstin = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** What a tax invoice's checkout sends: the state (a GSTIN's own state code when one is given), the PIN and the GSTIN. */
export function taxInput(tax: TaxValue): Pick<RouterInputs['orders']['purchase'], 'state' | 'pin' | 'gstin'> {
  const gstin = cleanGstin(tax.gstin);
  return { ...(tax.state && { state: tax.state as StateCode }), pin: tax.pin, ...(gstin && { gstin }) };
}

/** Why a typed GSTIN is refused (its shape, or a typing mistake its check character shows), or null. */
export function gstinMessage(raw: string, t: OrdersText): string | null {
  const gstin = cleanGstin(raw);
  if (!gstin) return null;
  const problem = gstinProblem(gstin);
  return problem === 'GSTIN_INVALID' ? t('pay.gstinInvalid') : problem === 'GSTIN_CHECK_FAILED' ? t('pay.gstinCheck') : null;
}

/** The buyer's state (place of supply), PIN code and, for a business, its GSTIN, for a tax invoice. */
export function TaxFields({ value, onChange }: { value: TaxValue; onChange: (value: TaxValue) => void }) {
  const { t, lang } = useOrdersMessages();
  // A GSTIN's first two digits are the place of supply: the state follows it.
  const gstinState = indianStates.find((state) => state.code === cleanGstin(value.gstin).slice(0, 2));
  return (
    <>
      <TextField
        label={t('pay.gstin')}
        hint={t('pay.gstinHint')}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={20}
        value={value.gstin}
        error={cleanGstin(value.gstin).length >= 15 ? gstinMessage(value.gstin, t) : null}
        onChange={(gstin) => {
          const state = indianStates.find((option) => option.code === cleanGstin(gstin).slice(0, 2));
          onChange({ ...value, gstin, ...(state && { state: state.code }) });
        }}
      />
      <SelectField
        label={t('pay.state')}
        placeholder={t('pay.statePick')}
        options={indianStates.map((state) => ({ value: state.code, label: state[lang] }))}
        value={gstinState ? gstinState.code : value.state}
        disabled={gstinState !== undefined}
        hint={t('pay.taxHint')}
        onChange={(state) => onChange({ ...value, state })}
      />
      <TextField
        label={t('pay.pin')}
        name="postal-code"
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={7}
        value={value.pin}
        onChange={(pin) => onChange({ ...value, pin })}
      />
    </>
  );
}
