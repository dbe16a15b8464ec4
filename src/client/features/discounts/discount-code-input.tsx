import type { InputHTMLAttributes, Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'> & {
  value: string;
  onChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The box a discount code is typed into (an affiliate's own code, a buyer's at checkout): in
 * capitals, not filled by the browser, at most 20 characters (the longest code, shared/discounts.ts).
 */
export function DiscountCodeInput({ value, onChange, ...input }: Props) {
  return (
    <input
      className="field__input"
      autoCapitalize="characters"
      autoComplete="off"
      maxLength={20}
      {...input}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
