import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, useTRPC, type RouterOutputs } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { useOrdersMessages } from './orders-messages';
import { DiscountCodeInput } from '../discounts/discount-code-input';

export type AppliedCode = RouterOutputs['discounts']['quote'];

/**
 * The checkout's one code box, asked before any amount to pay: a coupon, an affiliate's code or a
 * friend's referral ID, resolved by the server (`discounts.quote`) for this package and buyer, its
 * price before and after shown at once. The learner applies a code or goes on without one
 * (`onSkip`); only then does the checkout show the amount and the QR. A code brought along (a
 * `?code=` or `?ref=` link, or the draft of a popup the phone closed) is tried by itself.
 */
export function DiscountCodeField({
  packageId,
  initialCode,
  applied,
  skipped,
  onApplied,
  onSkip,
}: {
  packageId: string;
  initialCode: string;
  applied: AppliedCode | null;
  skipped: boolean;
  onApplied: (code: AppliedCode | null) => void;
  onSkip: (skipped: boolean) => void;
}) {
  const { t } = useOrdersMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [text, setText] = useState(initialCode);
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
      onApplied(await queryClient.fetchQuery(trpc.discounts.quote.queryOptions({ packageId, code: wanted }, { staleTime: 0 })));
    } catch (error) {
      onApplied(null);
      setProblem(errorMessage(error, t('code.failed')));
    } finally {
      setBusy(false);
    }
  }

  // Drawn open by the server (a learner's `?buy=1`), the box may have been typed into before the app
  // ran: hydration leaves that text in the box, and the state takes it, so the next render keeps it.
  const box = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, as the box is first shown
  useEffect(() => {
    const typed = box.current?.value;
    if (typed && typed !== text) setText(typed);
  }, []);

  const tried = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the checkout opens with a code brought along
  useEffect(() => {
    if (!tried.current && text && !applied && !skipped) {
      tried.current = true;
      void apply(text);
    }
  }, []);

  if (applied) {
    return (
      <div className="discount-code discount-code--applied" role="status">
        <p>
          {applied.kind === 'referral'
            ? t('code.referral', { code: applied.code })
            : t('code.applied', { code: applied.code, discount: formatRupees(applied.discountPaise) })}{' '}
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
        {applied.kind !== 'referral' && (
          <p className="checkout__price">
            <span>
              {t('code.listPrice')}: <s>{formatRupees(applied.listPricePaise)}</s>
            </span>{' '}
            <span>
              {t('code.youPay')}: <strong>{formatRupees(applied.pricePaise)}</strong>
            </span>
          </p>
        )}
        {applied.sponsorName && <p>{t('code.sponsor', { name: applied.sponsorName })}</p>}
      </div>
    );
  }

  if (skipped) {
    return (
      <div className="discount-code discount-code--none">
        <p>
          {t('code.skipped')}{' '}
          <button type="button" className="button" onClick={() => onSkip(false)}>
            {t('code.haveCode')}
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="discount-code">
      <label htmlFor={`${id}-code`} className="field__label">
        {t('code.label')}
      </label>
      <p id={`${id}-hint`} className="field__hint">
        {t('code.hint')}
      </p>
      <div className="discount-code__row">
        <DiscountCodeInput
          ref={box}
          id={`${id}-code`}
          name="discountCode"
          maxLength={36}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
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
      <button
        type="button"
        className="button button--block discount-code__skip"
        onClick={() => {
          setProblem(null);
          onSkip(true);
        }}
      >
        {t('code.skip')}
      </button>
    </div>
  );
}
