import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { MutationButton } from '../../components/mutation-button';
import { errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { type AgeAnswer, AgeFields } from '../auth/age-fields';
import { TextField } from '../../components/text-field';
import { SubmitButton } from '../../components/submit-button';
import { pagePaths } from '../../../shared/page-paths';
import { usePrivacyMessages } from './privacy-messages';

type Status = RouterOutputs['privacy']['status'];

/**
 * The questions of the consent gate (consent-gate.tsx), loaded only when one is to be asked: most
 * signed-in visits ask nothing, and their first load carries none of this (forms, texts).
 */
export default function ConsentDialogs({ status, onLater }: { status: Status; onLater: () => void }) {
  const age = status.age;
  if (age.status === null || age.status === 'minor_waiting') return <AskAge parentEmail={age.parentEmail} onLater={onLater} />;
  return <AskConsent version={status.noticeVersion} first={status.acceptedVersion === null} onLater={onLater} />;
}

function AskConsent({ version, first, onLater }: { version: Status['noticeVersion']; first: boolean; onLater: () => void }) {
  const { t } = usePrivacyMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const accept = useMutation(trpc.privacy.accept.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Dialog open onClose={onLater} title={first ? t('consent.firstTitle') : t('consent.title')} closeLabel={t('consent.later')} closeOnBackdrop={false}>
      <p>{first ? t('consent.firstText') : t('consent.text')}</p>
      <p>
        <a href={pagePaths.privacy} target="_blank" rel="noopener">
          {t('consent.read')}
        </a>
      </p>
      <FormError message={problem} />
      <MutationButton
        className="button button--primary button--block"
        mutation={accept}
        variables={{ version }}
        options={{
          onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.privacy.status.queryKey() }),
          onError: (error) => setProblem(errorMessage(error, t('consent.failed'))),
        }}
        busyLabel={t('consent.busy')}
      >
        {t('consent.agree')}
      </MutationButton>
    </Dialog>
  );
}

/**
 * Before anything else: "are you 18 or older?" for an account made without the question (the
 * legacy client's sign-up), then, for a minor, the code emailed to their parent (DPDP Act s. 9).
 * The server refuses the rest meanwhile (features/privacy/age-gate.ts).
 */
function AskAge({ parentEmail, onLater }: { parentEmail: string | null; onLater: () => void }) {
  const { t } = usePrivacyMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [answer, setAnswer] = useState<AgeAnswer>({ adult: null, parentEmail: '' });
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const fail = (error: unknown) => setProblem(errorMessage(error, t('age.failed')));
  const answerAge = useMutation(trpc.privacy.answerAge.mutationOptions({ onSuccess: () => queryClient.invalidateQueries(), onError: fail }));
  const consent = useMutation(
    trpc.privacy.parentConsent.mutationOptions({
      onSuccess: () => {
        setNote(t('age.done'));
        void queryClient.invalidateQueries();
      },
      onError: fail,
    }),
  );
  const resend = useMutation(trpc.privacy.resendParentCode.mutationOptions({ onSuccess: () => setNote(t('age.resent')), onError: fail }));
  const waiting = parentEmail !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (waiting) consent.mutate({ code });
    else if (answer.adult !== null) answerAge.mutate({ adult: answer.adult, ...(!answer.adult && { parentEmail: answer.parentEmail }) });
  }

  return (
    <Dialog open onClose={onLater} title={waiting ? t('age.waitingTitle') : t('age.title')} closeLabel={t('age.later')} closeOnBackdrop={false}>
      <form className="form" noValidate onSubmit={submit}>
        {waiting ? (
          <>
            <p>{t('age.waitingText', { email: parentEmail })}</p>
            <TextField label={t('age.code')} name="parentCode" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={setCode} />
          </>
        ) : (
          <AgeFields value={answer} onChange={setAnswer} errors={{}} />
        )}
        <FormError message={problem} />
        {note && <p role="status">{note}</p>}
        <SubmitButton
          className="button button--primary button--block"
          busy={waiting ? consent.isPending : answerAge.isPending}
          busyLabel={waiting ? t('age.confirmBusy') : t('age.answerBusy')}
        >
          {waiting ? t('age.confirm') : t('age.answer')}
        </SubmitButton>
        {waiting && (
          <button type="button" className="button button--block" disabled={resend.isPending} onClick={() => resend.mutate({})}>
            {t('age.resend')}
          </button>
        )}
      </form>
    </Dialog>
  );
}
