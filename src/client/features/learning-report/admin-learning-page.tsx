import './learning-admin.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PackageSelect } from '../catalog/package-select';
import { useLearningAdminMessages } from './learning-admin-messages';
import { Field } from '../../components/field';
import { FormError } from '../../components/form-error';
import { SubmitButton } from '../../components/submit-button';

type Schedule = RouterOutputs['drip']['schedule'];
type AdminQuiz = RouterOutputs['quizzes']['ofPackageForAdmin'][number];
type AdminQuestion = AdminQuiz['questions'][number];

/**
 * Every setting on this page is saved the same way: a form with one Save button (busy while it
 * saves), "Saved" said when it is, and why not under the button when it is not.
 */
function SaveButton({ busy, disabled, children }: { busy: boolean; disabled?: boolean; children: string }) {
  const { t } = useLearningAdminMessages();
  return (
    <div className="button-row">
      <SubmitButton className="button button--primary" busy={busy} busyLabel={t('saving')} disabled={disabled}>
        {children}
      </SubmitButton>
    </div>
  );
}

function SaveError({ mutation }: { mutation: { isError: boolean; error: unknown } }) {
  const { t } = useLearningAdminMessages();
  return <FormError message={mutation.isError ? errorMessage(mutation.error, t('saveFailed')) : null} />;
}

/** /admin/learning: a package's drip schedule, whether it gives certificates, and its quizzes. */
export default function AdminLearningPage() {
  const { t } = useLearningAdminMessages();
  useDocumentTitle(t('setupTitle'));
  const [packageId, setPackageId] = useState('');
  return (
    <div className="page learning-admin">
      <h1>{t('setupTitle')}</h1>
      <PackageSelect value={packageId} onChange={setPackageId} />
      {packageId ? (
        <>
          <CertificateSwitch packageId={packageId} />
          <DripForm packageId={packageId} />
          <QuizEditor packageId={packageId} />
        </>
      ) : (
        <p className="field__hint">{t('choose')}</p>
      )}
    </div>
  );
}

function CertificateSwitch({ packageId }: { packageId: string }) {
  const { t } = useLearningAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const packages = useQuery(trpc.catalog.adminList.queryOptions());
  const enabled = packages.data?.find((pkg) => pkg.id === packageId)?.certificates ?? false;
  const [checked, setChecked] = useState(enabled);
  useEffect(() => setChecked(enabled), [enabled]);
  const id = useId();
  const set = useMutation(
    trpc.certificates.setEnabled.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.catalog.adminList.queryKey() });
        toast.success(t('saved'));
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    set.mutate({ packageId, enabled: checked });
  }
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('certificates.title')}</h2>
      <form className="form" noValidate onSubmit={submit}>
        <div className="check-field">
          <input id={id} type="checkbox" checked={checked} disabled={!packages.data} onChange={(event) => setChecked(event.target.checked)} />
          <label htmlFor={id}>{t('certificates.enabled')}</label>
        </div>
        <SaveError mutation={set} />
        <SaveButton busy={set.isPending} disabled={!packages.data}>
          {t('certificates.save')}
        </SaveButton>
      </form>
    </section>
  );
}

function DripForm({ packageId }: { packageId: string }) {
  const { t } = useLearningAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schedule = useQuery(trpc.drip.schedule.queryOptions({ packageId }));
  const [mode, setMode] = useState<Schedule['mode']>(null);
  const [days, setDays] = useState<Record<string, string>>({});
  const id = useId();
  useEffect(() => {
    if (!schedule.data) return;
    setMode(schedule.data.mode);
    setDays(Object.fromEntries(schedule.data.lectures.map((lecture) => [lecture.id, lecture.openAfterDays === null ? '' : String(lecture.openAfterDays)])));
  }, [schedule.data]);
  const save = useMutation(
    trpc.drip.set.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.drip.schedule.queryKey({ packageId }), saved);
        toast.success(t('saved'));
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    const lectureDays =
      mode === 'days'
        ? (schedule.data?.lectures ?? []).map((lecture) => ({ lectureId: lecture.id, days: days[lecture.id] ? Number(days[lecture.id]) : null }))
        : [];
    save.mutate({ packageId, mode, days: lectureDays });
  }
  const modes = [
    { value: null, label: t('drip.none') },
    { value: 'weekly' as const, label: t('drip.weekly') },
    { value: 'days' as const, label: t('drip.days') },
  ];
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('drip.title')}</h2>
      {schedule.isError && <p role="alert">{t('failed')}</p>}
      <form className="form" noValidate onSubmit={submit}>
        <fieldset className="learning-admin__choices">
          <legend className="visually-hidden">{t('drip.title')}</legend>
          {modes.map((choice) => (
            <div key={String(choice.value)} className="check-field">
              <input id={`${id}-${choice.value}`} type="radio" name={`${id}-mode`} checked={mode === choice.value} onChange={() => setMode(choice.value)} />
              <label htmlFor={`${id}-${choice.value}`}>{choice.label}</label>
            </div>
          ))}
        </fieldset>
        {mode === 'days' &&
          schedule.data?.lectures.map((lecture, index) => (
            <Field
              key={lecture.id}
              htmlFor={`${id}-days-${lecture.id}`}
              label={
                <>
                  {t('drip.daysLabel', { number: index + 1 })}
                  {lecture.title ? ` · ${lecture.title}` : ''}
                </>
              }
            >
              <input
                id={`${id}-days-${lecture.id}`}
                type="number"
                inputMode="numeric"
                min={0}
                max={1100}
                value={days[lecture.id] ?? ''}
                onChange={(event) => setDays((old) => ({ ...old, [lecture.id]: event.target.value }))}
              />
            </Field>
          ))}
        <p className="field__hint">{t('drip.hint')}</p>
        <SaveError mutation={save} />
        <SaveButton busy={save.isPending} disabled={!schedule.data}>
          {t('drip.save')}
        </SaveButton>
      </form>
    </section>
  );
}

function QuizEditor({ packageId }: { packageId: string }) {
  const { t } = useLearningAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const schedule = useQuery(trpc.drip.schedule.queryOptions({ packageId }));
  const quizzes = useQuery(trpc.quizzes.ofPackageForAdmin.queryOptions({ packageId }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.quizzes.ofPackageForAdmin.queryKey({ packageId }) });
  const create = useMutation(
    trpc.quizzes.create.mutationOptions({ onSuccess: refresh, onError: (error) => toast.error(errorMessage(error, t('saveFailed'))) }),
  );
  const id = useId();
  const slots = [
    ...(schedule.data?.lectures ?? []).map((lecture, index) => ({
      lectureId: lecture.id as string | null,
      label: t('quizzes.forPart', { number: index + 1 }),
    })),
    { lectureId: null, label: t('quizzes.final') },
  ];
  return (
    <section className="admin-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('quizzes.title')}</h2>
      <p className="field__hint">{t('quizzes.hint')}</p>
      {quizzes.isError && <p role="alert">{t('failed')}</p>}
      <ul className="learning-admin__quizzes">
        {slots.map((slot) => {
          const quiz = quizzes.data?.find((item) => item.lectureId === slot.lectureId);
          return (
            <li key={slot.lectureId ?? 'final'} className="card learning-admin__quiz">
              <h3>{slot.label}</h3>
              {quiz ? (
                <QuizCard quiz={quiz} onChange={refresh} />
              ) : (
                <button
                  type="button"
                  className="button"
                  disabled={create.isPending || !quizzes.data}
                  onClick={() => create.mutate({ packageId, lectureId: slot.lectureId, passPercent: 60 })}
                >
                  {t('quizzes.add')}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function QuizCard({ quiz, onChange }: { quiz: AdminQuiz; onChange: () => void }) {
  const { t, lang } = useLearningAdminMessages();
  const trpc = useTRPC();
  const id = useId();
  const [pass, setPass] = useState(String(quiz.passPercent));
  // The question being changed in the form below the list; none: the form adds a new one.
  const [editing, setEditing] = useState<{ question: AdminQuestion; number: number } | null>(null);
  const failed = (error: unknown) => toast.error(errorMessage(error, t('saveFailed')));
  const setPassPercent = useMutation(
    trpc.quizzes.setPassPercent.mutationOptions({
      onSuccess: () => {
        toast.success(t('saved'));
        onChange();
      },
    }),
  );
  function savePass(event: FormEvent) {
    event.preventDefault();
    setPassPercent.mutate({ quizId: quiz.id, passPercent: Number(pass) });
  }
  const remove = useMutation(trpc.quizzes.remove.mutationOptions({ onSuccess: onChange, onError: failed }));
  const removeQuestion = useMutation(trpc.quizzes.removeQuestion.mutationOptions({ onSuccess: onChange, onError: failed }));
  const moveQuestion = useMutation(trpc.quizzes.moveQuestion.mutationOptions({ onSuccess: onChange, onError: failed }));
  const text = (item: { textEn: string | null; textMr: string | null }) => (lang === 'mr' ? (item.textMr ?? item.textEn) : (item.textEn ?? item.textMr)) ?? '';
  return (
    <>
      <form className="form" noValidate onSubmit={savePass}>
        <Field htmlFor={`${id}-pass`} label={t('quizzes.passPercent')}>
          <input id={`${id}-pass`} type="number" inputMode="numeric" min={1} max={100} value={pass} onChange={(event) => setPass(event.target.value)} />
        </Field>
        <SaveError mutation={setPassPercent} />
        <SaveButton busy={setPassPercent.isPending}>{t('quizzes.savePass')}</SaveButton>
      </form>
      <p>{t('quizzes.questions', { count: quiz.questions.length })}</p>
      <ol className="learning-admin__questions">
        {quiz.questions.map((question, number) => (
          <li key={question.id}>
            <p className="learning-admin__question">
              {t('quizzes.question', { number: number + 1 })}: {text(question)}
            </p>
            <ul>
              {question.options.map((option) => (
                <li key={option.id}>
                  {text(option)}
                  {option.correct && <strong> · {t('quizzes.right')}</strong>}
                </li>
              ))}
            </ul>
            <div className="button-row">
              <button
                type="button"
                className="button button--small"
                disabled={number === 0 || moveQuestion.isPending}
                onClick={() => moveQuestion.mutate({ questionId: question.id, direction: 'up' })}
              >
                {t('quizzes.moveUp', { number: number + 1 })}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={number === quiz.questions.length - 1 || moveQuestion.isPending}
                onClick={() => moveQuestion.mutate({ questionId: question.id, direction: 'down' })}
              >
                {t('quizzes.moveDown', { number: number + 1 })}
              </button>
              <button type="button" className="button button--small" onClick={() => setEditing({ question, number: number + 1 })}>
                {t('quizzes.editQuestion', { number: number + 1 })}
              </button>
              <button
                type="button"
                className="button button--small"
                disabled={removeQuestion.isPending}
                onClick={() => removeQuestion.mutate({ questionId: question.id })}
              >
                {t('quizzes.removeQuestion')}
              </button>
            </div>
          </li>
        ))}
      </ol>
      <QuestionForm
        key={editing?.question.id ?? 'new'}
        quizId={quiz.id}
        editing={editing}
        onSaved={() => {
          setEditing(null);
          onChange();
        }}
        onCancel={() => setEditing(null)}
      />
      <button
        type="button"
        className="button button--danger"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(t('quizzes.confirmRemove'))) remove.mutate({ quizId: quiz.id });
        }}
      >
        {t('quizzes.remove')}
      </button>
    </>
  );
}

type OptionDraft = { textMr: string; textEn: string; correct: boolean };
const emptyOption = (): OptionDraft => ({ textMr: '', textEn: '', correct: false });

/** A question's texts and choices as the form holds them (none written: empty). */
function draftOf(question: AdminQuestion | undefined) {
  return {
    texts: {
      textMr: question?.textMr ?? '',
      textEn: question?.textEn ?? '',
      explanationMr: question?.explanationMr ?? '',
      explanationEn: question?.explanationEn ?? '',
    },
    options: question
      ? question.options.map((option) => ({ textMr: option.textMr ?? '', textEn: option.textEn ?? '', correct: option.correct }))
      : [emptyOption(), emptyOption()],
  };
}

/**
 * Adds a question at the end of the quiz, or changes the one being edited (its texts and choices
 * replaced, its place kept). Opened for a question, it takes the focus and offers Cancel.
 */
function QuestionForm({
  quizId,
  editing,
  onSaved,
  onCancel,
}: {
  quizId: string;
  editing: { question: AdminQuestion; number: number } | null;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const { t } = useLearningAdminMessages();
  const trpc = useTRPC();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [texts, setTexts] = useState(() => draftOf(editing?.question).texts);
  const [options, setOptions] = useState<OptionDraft[]>(() => draftOf(editing?.question).options);
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);
  const save = useMutation(
    trpc.quizzes.saveQuestion.mutationOptions({
      onSuccess: () => {
        setTexts({ textMr: '', textEn: '', explanationMr: '', explanationEn: '' });
        setOptions([emptyOption(), emptyOption()]);
        toast.success(t('saved'));
        onSaved();
      },
    }),
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ quizId, ...(editing && { questionId: editing.question.id }), ...texts, options });
  }
  const textField = (key: keyof typeof texts, label: string) => (
    <Field htmlFor={`${id}-${key}`} label={label}>
      <textarea id={`${id}-${key}`} rows={2} value={texts[key]} onChange={(event) => setTexts((old) => ({ ...old, [key]: event.target.value }))} />
    </Field>
  );
  return (
    <form className="form learning-admin__new" noValidate onSubmit={submit}>
      <h4 ref={heading} tabIndex={-1}>
        {editing ? t('quizzes.editingQuestion', { number: editing.number }) : t('quizzes.newQuestion')}
      </h4>
      {textField('textMr', t('quizzes.textMr'))}
      {textField('textEn', t('quizzes.textEn'))}
      {options.map((option, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: choices are a list edited in place; their place is their identity
        <fieldset key={index} className="learning-admin__option">
          <legend>{t('quizzes.option', { number: index + 1 })}</legend>
          {(['textMr', 'textEn'] as const).map((key) => (
            <Field key={key} htmlFor={`${id}-o${index}-${key}`} label={t(key === 'textMr' ? 'quizzes.optionMr' : 'quizzes.optionEn', { number: index + 1 })}>
              <input
                id={`${id}-o${index}-${key}`}
                value={option[key]}
                onChange={(event) => setOptions((old) => old.map((item, at) => (at === index ? { ...item, [key]: event.target.value } : item)))}
              />
            </Field>
          ))}
          <div className="check-field">
            <input
              id={`${id}-o${index}-right`}
              type="checkbox"
              checked={option.correct}
              onChange={(event) => setOptions((old) => old.map((item, at) => (at === index ? { ...item, correct: event.target.checked } : item)))}
            />
            <label htmlFor={`${id}-o${index}-right`}>{t('quizzes.optionRight', { number: index + 1 })}</label>
          </div>
        </fieldset>
      ))}
      <div className="learning-admin__row">
        <button type="button" className="button" disabled={options.length >= 8} onClick={() => setOptions((old) => [...old, emptyOption()])}>
          {t('quizzes.addOption')}
        </button>
        <button type="button" className="button" disabled={options.length <= 2} onClick={() => setOptions((old) => old.slice(0, -1))}>
          {t('quizzes.removeOption')}
        </button>
      </div>
      {textField('explanationMr', t('quizzes.explanationMr'))}
      {textField('explanationEn', t('quizzes.explanationEn'))}
      <SaveError mutation={save} />
      <div className="button-row">
        <SubmitButton className="button button--primary" busy={save.isPending} busyLabel={t('saving')}>
          {editing ? t('quizzes.saveChanges') : t('quizzes.saveQuestion')}
        </SubmitButton>
        {editing && (
          <button type="button" className="button" onClick={onCancel}>
            {t('quizzes.cancelEdit')}
          </button>
        )}
      </div>
    </form>
  );
}
