import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '../../components/query-state';
import { SubmitButton } from '../../components/submit-button';
import { checkForm } from '../../lib/form-check';
import { errorCode, errorMessage, fieldErrorsOf, useTRPC } from '../../lib/trpc';
import { formatIstDate } from '../../../shared/ist';
import { WhatsAppFields } from '../../components/whatsapp-fields';
import { useWhatsAppMessages } from './whatsapp-messages';

type Choice = { available: boolean; phone: string | null; optedInAt: number | null };

function ChoiceForm({ choice }: { choice: Choice }) {
  const { t, lang } = useWhatsAppMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(choice.phone ?? '');
  const [consent, setConsent] = useState(false);
  const [problems, setProblems] = useState<{ phone?: string; consent?: string }>({});
  useEffect(() => setPhone(choice.phone ?? ''), [choice.phone]);

  const save = useMutation(
    trpc.whatsapp.setChoice.mutationOptions({
      onSuccess: async (saved) => {
        toast.success(saved.phone ? t('account.turnedOn') : t('account.turnedOff'));
        setConsent(false);
        await queryClient.invalidateQueries({ queryKey: trpc.whatsapp.choice.queryKey() });
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        if (errorCode(error) === 'WHATSAPP_CONSENT_REQUIRED') setProblems({ consent: errorMessage(error, t('account.failed')) });
        else if (fields.phone) setProblems({ phone: fields.phone });
        else toast.error(errorMessage(error, t('account.failed')));
      },
    }),
  );

  function turnOn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblems({});
    if (!checkForm(event.currentTarget)) return;
    save.mutate({ on: true, phone, consent });
  }

  return (
    <>
      <p aria-live="polite">
        {choice.phone && choice.optedInAt !== null ? t('account.onAt', { phone: choice.phone, date: formatIstDate(choice.optedInAt, lang) }) : t('account.off')}
      </p>
      <form className="form" onSubmit={turnOn} noValidate aria-labelledby="whatsapp-title">
        <WhatsAppFields
          optional={false}
          phoneName="whatsapp-phone"
          phone={phone}
          onPhoneChange={(value) => {
            setProblems({});
            setPhone(value);
          }}
          consent={consent}
          onConsentChange={(value) => {
            setConsent(value);
            setProblems({});
          }}
          phoneError={problems.phone}
          consentError={problems.consent}
        />
        <SubmitButton className="button button--primary" busy={save.isPending && save.variables?.on === true} busyLabel={t('account.saving')}>
          {choice.phone ? t('account.change') : t('account.turnOn')}
        </SubmitButton>
      </form>
      {choice.phone && (
        <p>
          <button type="button" className="button button--danger" disabled={save.isPending} onClick={() => save.mutate({ on: false })}>
            {save.isPending && save.variables?.on === false ? t('account.saving') : t('account.turnOff')}
          </button>
        </p>
      )}
    </>
  );
}

/**
 * On the account page: updates on WhatsApp, turned on with a number and a consent of their own, and
 * off again. Not shown while the product sends no WhatsApp (unless the person is still opted in, to
 * turn it off).
 */
export function AccountWhatsApp() {
  const { t } = useWhatsAppMessages();
  const trpc = useTRPC();
  const choice = useQuery(trpc.whatsapp.choice.queryOptions(undefined, { staleTime: 0 }));
  if (choice.data && !choice.data.available && !choice.data.phone) return null;
  return (
    <section aria-labelledby="whatsapp-title">
      <h2 id="whatsapp-title">{t('account.title')}</h2>
      <QueryState
        query={choice}
        loading={<p className="muted">…</p>}
        error={
          <p role="alert">
            {t('account.loadFailed')}{' '}
            <button type="button" className="link-button" onClick={() => void choice.refetch()}>
              {t('account.retry')}
            </button>
          </p>
        }
      >
        {(data) => (
          <>
            <p>{data.available ? t('account.intro') : t('account.unavailable')}</p>
            <ChoiceForm choice={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}
