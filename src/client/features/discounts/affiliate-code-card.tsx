import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { CopyButton } from '../../components/copy-button';
import { useShareLanguage } from '../../lib/share-language';
import { siteConfig } from '../../lib/site-config';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { formatRupees } from '../../../shared/money';
import { pagePaths } from '../../../shared/page-paths';
import { discountText } from './discount-text';
import { useDiscountsMessages } from './discounts-messages';
import './discounts.css';
import { SubmitButton } from '../../components/submit-button';
import { DiscountCodeInput } from './discount-code-input';
import { describedBy, Field } from '../../components/field';

/**
 * The affiliate's own code on their dashboard: chosen once (a suggestion offered), then shown
 * with what to say, a link that fills it in, and what it did.
 */
export function AffiliateCodeCard() {
  const { t, count } = useDiscountsMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const mine = useQuery(trpc.discounts.myCode.queryOptions());
  const choose = useMutation(trpc.discounts.chooseCode.mutationOptions());
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // The link opens in the language chosen for the audience on the referral card beside it.
  const audience = useShareLanguage();
  if (!mine.data) return null;
  const code = mine.data;
  const discount = discountText(code);

  function submit(event: FormEvent, wanted = text) {
    event.preventDefault();
    setProblem(null);
    choose.mutate(
      { code: wanted },
      {
        onSuccess: (chosen) => queryClient.setQueryData(trpc.discounts.myCode.queryKey(), chosen),
        onError: (error) => setProblem(errorMessage(error, t('mine.failed'))),
      },
    );
  }

  if (!code.code) {
    const codeNotes = { hint: t('mine.once'), error: problem };
    return (
      <section className="card" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('mine.title')}</h2>
        <p>{t('mine.intro', { discount })}</p>
        <form className="form" onSubmit={submit} noValidate>
          <Field htmlFor={`${id}-code`} label={t('mine.label')} {...codeNotes}>
            <DiscountCodeInput
              id={`${id}-code`}
              value={text}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy(`${id}-code`, codeNotes)}
              onChange={setText}
            />
          </Field>
          <div className="button-row">
            <SubmitButton className="button button--primary" busy={choose.isPending} busyLabel={t('mine.busy')}>
              {t('mine.choose')}
            </SubmitButton>
            {code.suggested && (
              <button type="button" className="button" disabled={choose.isPending} onClick={(event) => submit(event, code.suggested!)}>
                {t('mine.useSuggested', { code: code.suggested })}
              </button>
            )}
          </div>
        </form>
      </section>
    );
  }

  const link = `${siteConfig.publicUrl}${pagePaths.packages}?code=${code.code}&lang=${audience}`;
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('mine.chosen', { code: code.code })}</h2>
      <p>{t('mine.share', { code: code.code, discount })}</p>
      <p>{t('mine.link')}</p>
      <p className="code-link">
        <span translate="no">{link}</span> <CopyButton text={link} label={t('mine.link')} copiedMessage={t('mine.copied')} failedMessage={t('mine.failed')} />
      </p>
      <ul className="compact-list">
        <li>{count('mine.uses', code.uses)}</li>
        <li>{t('mine.revenue', { amount: formatRupees(code.revenuePaise) })}</li>
        <li>{t('mine.earned', { amount: formatRupees(code.earnedPaise) })}</li>
      </ul>
    </section>
  );
}
