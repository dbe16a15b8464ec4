import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { rememberedDiscountCode } from '../../lib/referral';
import { errorMessage, useTRPC, type RouterOutputs } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { useOrdersMessages } from './orders-messages';
import { DiscountCodeInput } from '../discounts/discount-code-input';

export type AppliedCode = RouterOutputs['orders']['quote'];

/**
 * "Have a code?": a discount code checked by the server for this package and buyer, its price
 * before and after shown at once. A code remembered from a `?code=` link is tried by itself.
 */
export function DiscountCodeField({
  packageId,
  applied,
  onApplied,
}: {
  packageId: string;
  applied: AppliedCode | null;
  onApplied: (code: AppliedCode | null) => void;
}) {
  const { t } = useOrdersMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(() => rememberedDiscountCode() ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function apply(code = text) {
    const wanted = code.trim();
    if (!wanted) {
      setProblem(t('code.empty'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      onApplied(await queryClient.fetchQuery(trpc.orders.quote.queryOptions({ packageId, code: wanted }, { staleTime: 0 })));
    } catch (error) {
      onApplied(null);
      setProblem(errorMessage(error, t('code.failed')));
    } finally {
      setBusy(false);
    }
  }

  const tried = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the checkout opens with a remembered code
  useEffect(() => {
    if (!tried.current && text) {
      tried.current = true;
      void apply(text);
    }
  }, []);

  if (applied) {
    return (
      <div className="discount-code discount-code--applied" role="status">
        <p>
          {t('code.applied', { code: applied.code, discount: formatRupees(applied.discountPaise) })}{' '}
          <button
            type="button"
            className="button"
            onClick={() => {
              onApplied(null);
              setText('');
            }}
          >
            {t('code.remove')}
          </button>
        </p>
        <p className="checkout__price">
          <span>
            {t('code.listPrice')}: <s>{formatRupees(applied.listPricePaise)}</s>
          </span>{' '}
          <span>
            {t('code.youPay')}: <strong>{formatRupees(applied.pricePaise)}</strong>
          </span>
        </p>
        {applied.sponsorName && <p>{t('code.sponsor', { name: applied.sponsorName })}</p>}
      </div>
    );
  }

  return (
    <div className="discount-code">
      <label htmlFor={`${id}-code`} className="field__label">
        {t('code.label')}
      </label>
      <div className="discount-code__row">
        <DiscountCodeInput
          id={`${id}-code`}
          name="discountCode"
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={setText}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="button" onClick={() => void apply()} disabled={busy}>
          {busy ? t('code.busy') : t('code.apply')}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
