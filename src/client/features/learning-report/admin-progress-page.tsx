import './learning-admin.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryState } from '../../components/query-state';
import { errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { formatIstDate } from '../../../shared/ist';
import { PackageSelect } from '../catalog/package-select';
import { useLearningAdminMessages } from './learning-admin-messages';
import { Field } from '../../components/field';

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((100 * part) / whole));

type ReportCard = { key: string; heading: string; summary?: string; lines: { key: string; text: string }[] };

/** The report's cards: a heading, an optional summary line, and a list of lines (none: no list). */
function ReportCards({ cards }: { cards: ReportCard[] }) {
  return (
    <ul className="learning-admin__list">
      {cards.map((card) => (
        <li key={card.key} className="card learning-admin__card">
          <h3>{card.heading}</h3>
          {card.summary && <p>{card.summary}</p>}
          {card.lines.length > 0 && (
            <ul>
              {card.lines.map((line) => (
                <li key={line.key}>{line.text}</li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

/** /admin/progress: completion per package, pass rates per quiz, who is stuck on which lecture, and certificates (revoke). */
export default function AdminProgressPage() {
  const { t } = useLearningAdminMessages();
  useDocumentTitle(t('progressTitle'));
  const trpc = useTRPC();
  const report = useQuery(trpc.learningReport.packages.queryOptions());
  const [packageId, setPackageId] = useState('');
  return (
    <div className="page learning-admin">
      <h1>{t('progressTitle')}</h1>
      <section className="admin-section" aria-labelledby="learning-packages">
        <h2 id="learning-packages">{t('packages')}</h2>
        <QueryState query={report} error={t('failed')}>
          {(rows) => (
            <ReportCards
              cards={rows.map((row) => ({
                key: row.packageId,
                heading: row.name,
                summary: `${t('buyers', { count: row.buyers })} · ${t('started', { count: row.started })} · ${t('finished', { count: row.finished, percent: percent(row.finished, row.buyers) })} · ${t('issued', { count: row.certificates })}`,
                lines: row.quizzes.map((quiz) => ({
                  key: quiz.quizId,
                  text: t('quizRow', {
                    quiz: quiz.position === null ? t('finalQuiz') : t('partQuiz', { number: quiz.position + 1 }),
                    passed: quiz.passed,
                    learners: quiz.learners,
                    percent: percent(quiz.passed, quiz.learners),
                    attempts: quiz.attempts,
                  }),
                })),
              }))}
            />
          )}
        </QueryState>
      </section>
      <PackageSelect value={packageId} onChange={setPackageId} />
      {packageId && (
        <>
          <Stuck packageId={packageId} />
          <Certificates packageId={packageId} />
        </>
      )}
    </div>
  );
}

function Stuck({ packageId }: { packageId: string }) {
  const { t, lang, count } = useLearningAdminMessages();
  const trpc = useTRPC();
  const [days, setDays] = useState('14');
  const id = useId();
  const valid = /^\d{1,3}$/.test(days) && Number(days) >= 1 && Number(days) <= 365;
  const stuck = useQuery({ ...trpc.learningReport.stuck.queryOptions({ packageId, days: valid ? Number(days) : 14 }) });
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('stuckTitle')}</h2>
      <Field htmlFor={`${id}-days`} label={t('stuckDays')}>
        <input id={`${id}-days`} type="number" inputMode="numeric" min={1} max={365} value={days} onChange={(event) => setDays(event.target.value)} />
      </Field>
      <QueryState query={stuck} error={t('failed')} isEmpty={(groups) => groups.length === 0} empty={<p>{t('stuckNone')}</p>}>
        {(groups) => (
          <ReportCards
            cards={groups.map((group) => ({
              key: group.lectureId,
              heading: count('stuckAt', group.learners.length, { number: group.position + 1, title: group.title ? ` · ${group.title}` : '' }),
              lines: group.learners.map((learner) => ({
                key: learner.userId,
                text: t('stuckLearner', { name: learner.name, email: learner.email, done: learner.done, date: formatIstDate(learner.lastActivityAt, lang) }),
              })),
            }))}
          />
        )}
      </QueryState>
    </section>
  );
}

type AdminCertificate = RouterOutputs['certificates']['list'][number];

function Certificates({ packageId }: { packageId: string }) {
  const { t } = useLearningAdminMessages();
  const trpc = useTRPC();
  const list = useQuery(trpc.certificates.list.queryOptions({ packageId }));
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('certificatesTitle')}</h2>
      <QueryState query={list} error={t('failed')} isEmpty={(rows) => rows.length === 0} empty={<p>{t('certificatesNone')}</p>}>
        {(rows) => (
          <ul className="learning-admin__list">
            {rows.map((row) => (
              <CertificateItem key={row.number} row={row} packageId={packageId} />
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}

/**
 * One certificate: who and when; a valid one can be revoked, or its holder's name corrected, and a
 * revoked one restored, each with a reason.
 */
function CertificateItem({ row, packageId }: { row: AdminCertificate; packageId: string }) {
  const { t, lang } = useLearningAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const [open, setOpen] = useState<'revoke' | 'restore' | 'name' | null>(null);
  const [reason, setReason] = useState('');
  const [name, setName] = useState(row.name);
  const done = () => {
    setOpen(null);
    setReason('');
    void queryClient.invalidateQueries({ queryKey: trpc.certificates.list.queryKey({ packageId }) });
    toast.success(t('saved'));
  };
  const revoke = useMutation(trpc.certificates.revoke.mutationOptions({ onSuccess: done }));
  const restore = useMutation(trpc.certificates.restore.mutationOptions({ onSuccess: done }));
  const correct = useMutation(trpc.certificates.correctName.mutationOptions({ onSuccess: done }));
  const pending = open === 'revoke' ? revoke : open === 'restore' ? restore : correct;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (open === 'revoke') revoke.mutate({ number: row.number, reason });
    else if (open === 'restore') restore.mutate({ number: row.number, reason });
    else correct.mutate({ userId: row.userId, name, reason });
  }
  const reasonLabel =
    open === 'revoke' ? t('revokeReason', { number: row.number }) : open === 'restore' ? t('restoreReason', { number: row.number }) : t('correctReason');
  const confirmLabel = open === 'revoke' ? t('revokeConfirm') : open === 'restore' ? t('restoreConfirm') : t('correctConfirm');
  const account = `${row.userName} (${row.userEmail})`;
  return (
    <li className="card learning-admin__card">
      <p>{t('certificateRow', { number: row.number, name: row.name, account, date: formatIstDate(row.issuedAt, lang) })}</p>
      {row.revokedAt !== null && <p>{t('revoked', { date: formatIstDate(row.revokedAt, lang), reason: row.revokeReason ?? '' })}</p>}
      {open ? (
        <form className="form" noValidate onSubmit={submit}>
          {open === 'name' && (
            <Field htmlFor={`${id}-name`} label={t('correctNameLabel', { account })}>
              <input id={`${id}-name`} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
            </Field>
          )}
          <Field htmlFor={`${id}-reason`} label={reasonLabel}>
            <input id={`${id}-reason`} value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
          </Field>
          {pending.isError && (
            <p className="admin-form__error" role="alert">
              {errorMessage(pending.error, t('saveFailed'))}
            </p>
          )}
          <div className="learning-admin__row">
            <button type="submit" className={open === 'revoke' ? 'button button--danger' : 'button button--primary'} disabled={pending.isPending}>
              {confirmLabel}
            </button>
            <button type="button" className="button" onClick={() => setOpen(null)}>
              {open === 'name' ? t('keepName') : open === 'restore' ? t('keepRevoked') : t('cancel')}
            </button>
          </div>
        </form>
      ) : row.revokedAt !== null ? (
        <div className="learning-admin__row">
          <button type="button" className="button" onClick={() => setOpen('restore')}>
            {t('restore')}
          </button>
        </div>
      ) : (
        <div className="learning-admin__row">
          <button type="button" className="button" onClick={() => setOpen('revoke')}>
            {t('revoke')}
          </button>
          <button type="button" className="button" onClick={() => setOpen('name')}>
            {t('correctName')}
          </button>
        </div>
      )}
    </li>
  );
}
