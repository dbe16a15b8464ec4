import './certificates.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useSession } from '../auth/use-session';
import { useParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { TextField } from '../../components/text-field';
import { errorMessage, fieldErrorsOf, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDate } from '../../../shared/ist';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { useCertificatesMessages } from './certificates-messages';
import { DownloadCertificate } from './download-certificate';
import { SubmitButton } from '../../components/submit-button';
import { ButtonLink } from '../../components/button-link';

/**
 * /course-content/{courseId}/certificate: where the learner stands, then (once finished) the name
 * to print, chosen once, and the certificate: its number, the PDF and its public page.
 */
export default function CourseCertificatePage() {
  const { t, lang } = useCertificatesMessages();
  const { courseId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.certificates.status.queryOptions({ packageId: courseId }, { staleTime: 0 }));
  // The account's name to start with: most learners print it as it is, some correct the spelling.
  const { user } = useSession();
  const [name, setName] = useState(user?.name ?? '');
  const claim = useMutation(
    trpc.certificates.claim.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.certificates.status.queryKey({ packageId: courseId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.certificates.mine.queryKey() });
      },
    }),
  );
  useDocumentTitle(t('title'));
  const back = pathTo(pagePaths.player, { courseId });

  function submit(event: FormEvent) {
    event.preventDefault();
    claim.mutate({ packageId: courseId, ...(status.data?.name ? {} : { name }) });
  }

  return (
    <div className="page certificate">
      <h1>{t('title')}</h1>
      <QueryState query={status} error={(error) => <p role="alert">{errorMessage(error, t('failed'))}</p>}>
        {(data) => {
          if (!data.enabled && !data.certificate) return <p>{t('off')}</p>;
          if (data.certificate) {
            return (
              <section className="certificate__card">
                <p className="certificate__number">{t('number', { number: data.certificate.number })}</p>
                <p>{t('issued', { date: formatIstDate(data.certificate.issuedAt, lang) })}</p>
                {data.name && <p>{t('nameFixed', { name: data.name.name })}</p>}
                <div className="certificate__actions">
                  <DownloadCertificate number={data.certificate.number} primary />
                  <ButtonLink to={pathTo(pagePaths.certificate, { number: data.certificate.number })}>{t('open')}</ButtonLink>
                  <ButtonLink to={back}>{t('back')}</ButtonLink>
                </div>
              </section>
            );
          }
          if (data.revoked) {
            return (
              <>
                <p role="status">{t('revokedOwn', { number: data.revoked.number, date: formatIstDate(data.revoked.revokedAt, lang) })}</p>
                <ButtonLink to={back}>{t('back')}</ButtonLink>
              </>
            );
          }
          const progress = t('progress', { done: data.lectures.done, total: data.lectures.total, passed: data.quizzes.passed, quizzes: data.quizzes.total });
          if (!data.finished) {
            return (
              <>
                <p>{t('notFinished')}</p>
                <p>{progress}</p>
                <ButtonLink to={back} look="primary">
                  {t('back')}
                </ButtonLink>
              </>
            );
          }
          const fieldError = fieldErrorsOf(claim.error).name;
          return (
            <form className="form certificate__form" noValidate onSubmit={submit}>
              <p className="certificate__ready">{t('ready')}</p>
              {data.name ? (
                <p>{t('nameFixed', { name: data.name.name })}</p>
              ) : (
                <TextField
                  label={t('nameLabel')}
                  hint={t('nameHint')}
                  value={name}
                  onChange={setName}
                  name="certificate-name"
                  autoComplete="name"
                  required
                  maxLength={60}
                  {...(fieldError && { error: fieldError })}
                />
              )}
              {claim.isError && !fieldError && (
                <p className="admin-form__error" role="alert">
                  {errorMessage(claim.error, t('claimFailed'))}
                </p>
              )}
              <SubmitButton className="button button--primary" busy={claim.isPending} busyLabel={t('claiming')}>
                {t('confirm')}
              </SubmitButton>
            </form>
          );
        }}
      </QueryState>
    </div>
  );
}
