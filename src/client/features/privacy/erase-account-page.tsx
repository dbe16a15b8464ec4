import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { FormError } from '../../components/form-error';
import { MutationButton } from '../../components/mutation-button';
import { PageSpinner } from '../../components/page-spinner';
import { PasswordField } from '../../components/password-field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatRupees } from '../../../shared/money';
import { pagePaths } from '../../../shared/page-paths';
import { useSession } from '../auth/use-session';
import { usePrivacyMessages } from './privacy-messages';
import { SubmitButton } from '../../components/submit-button';

/** The emailed link: one button erases the account (the link is the proof; no session needed). */
function ConfirmErasure({ token }: { token: string }) {
  const { t } = usePrivacyMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useMutation(trpc.privacy.confirmErasure.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  if (confirm.isSuccess) {
    return (
      <>
        <p role="status" className="checkout__success">
          {t('erase.done')}
        </p>
        <p>
          <Link to={pagePaths.home}>{t('erase.home')}</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h2>{t('erase.confirmTitle')}</h2>
      <p>{t('erase.what')}</p>
      <FormError message={problem} />
      <MutationButton
        className="button button--danger button--block"
        mutation={confirm}
        variables={{ token }}
        options={{ onSuccess: () => queryClient.clear(), onError: (error) => setProblem(errorMessage(error, t('erase.failed'))) }}
        busyLabel={t('erase.confirmBusy')}
      >
        {t('erase.confirm')}
      </MutationButton>
    </>
  );
}

/** Asking to erase: what it means for this person now, then the password, then an emailed link. */
function AskErasure() {
  const { t } = usePrivacyMessages();
  const trpc = useTRPC();
  const status = useQuery(trpc.privacy.status.queryOptions());
  const ask = useMutation(trpc.privacy.requestErasure.mutationOptions());
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (status.isPending) return <PageSpinner />;
  const erasure = status.data?.erasure;

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    ask.mutate({ password }, { onError: (error) => setProblem(errorMessage(error, t('erase.failed'))) });
  }

  if (ask.isSuccess) {
    return (
      <p role="status" className="checkout__success">
        {t('erase.sent')}
      </p>
    );
  }
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p>{t('erase.what')}</p>
      {erasure && erasure.payout.state === 'none' && erasure.owedPaise > 0 && (
        <p role="note">
          {t('erase.owed', { amount: formatRupees(erasure.owedPaise) })} <Link to={pagePaths.payouts}>{t('erase.toPayouts')}</Link>
        </p>
      )}
      {erasure && erasure.payout.state === 'requested' && <p role="note">{t('erase.requested', { amount: formatRupees(erasure.payout.amountPaise) })}</p>}
      {erasure && erasure.payout.state === 'being-paid' && <p role="note">{t('erase.beingPaid', { amount: formatRupees(erasure.payout.amountPaise) })}</p>}
      {erasure?.isAdmin ? (
        <p role="note">{t('erase.admin')}</p>
      ) : (
        <>
          <PasswordField purpose="current" required={false} label={t('erase.password')} value={password} error={problem} onChange={setPassword} />
          <SubmitButton className="button button--danger button--block" busy={ask.isPending} busyLabel={t('erase.busy')} disabled={erasure?.payoutInFlight}>
            {t('erase.ask')}
          </SubmitButton>
        </>
      )}
    </form>
  );
}

/** /account/erase: ask to erase one's account, or (with the emailed link's token) erase it. */
export default function EraseAccountPage() {
  const { t } = usePrivacyMessages();
  useDocumentTitle(t('erase.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const { user, loading } = useSession();
  const location = useLocation();
  if (!token && loading) return <PageSpinner />;
  if (!token && !user) return <Navigate to={pagePaths.login} replace state={{ from: location.pathname }} />;
  return (
    <div className="page page--narrow">
      <h1>{t('erase.title')}</h1>
      {token ? <ConfirmErasure token={token} /> : <AskErasure />}
    </div>
  );
}
