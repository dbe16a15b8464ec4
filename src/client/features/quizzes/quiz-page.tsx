import './quizzes.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/query-state';
import { errorCode, errorMessage, type RouterOutputs, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { formatIstDateTime } from '../../../shared/ist';
import { inLanguage, useQuizzesMessages } from './quizzes-messages';
import { SubmitButton } from '../../components/submit-button';
import { ButtonLink } from '../../components/button-link';

type Result = RouterOutputs['quizzes']['submit'];

/**
 * /course-content/{courseId}/quiz/{quizId}: a quiz on a phone. Every question is a list of
 * checkboxes ("tick every right answer": how many are right is never told); the server checks
 * the answers and says what was right, as its setting allows.
 */
export default function QuizPage() {
  const { t, lang } = useQuizzesMessages();
  const { courseId = '', quizId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const quiz = useQuery(trpc.quizzes.take.queryOptions({ quizId }, { staleTime: 0 }));
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const [result, setResult] = useState<Result | null>(null);
  const submit = useMutation(
    trpc.quizzes.submit.mutationOptions({
      onSuccess: (answer) => {
        setResult(answer);
        void queryClient.invalidateQueries({ queryKey: trpc.quizzes.ofPackage.queryKey({ packageId: courseId }) });
        void queryClient.invalidateQueries({ queryKey: trpc.certificates.status.queryKey({ packageId: courseId }) });
      },
    }),
  );
  useDocumentTitle(t('title'));
  const back = pathTo(pagePaths.player, { courseId });
  // The result is announced and takes the focus, so a keyboard or screen reader starts from it.
  const resultRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  function toggle(questionId: string, optionId: string) {
    setChosen((old) => {
      const list = old[questionId] ?? [];
      return { ...old, [questionId]: list.includes(optionId) ? list.filter((id) => id !== optionId) : [...list, optionId] };
    });
  }

  function send(event: FormEvent) {
    event.preventDefault();
    const questions = quiz.data?.questions ?? [];
    submit.mutate({ quizId, answers: questions.map((question) => ({ questionId: question.id, optionIds: chosen[question.id] ?? [] })) });
  }

  return (
    <div className="page quiz">
      <h1>{quiz.data?.lectureId === null ? t('finalTitle') : t('title')}</h1>
      {quiz.data && (
        <p className="muted">
          {quiz.data.lecture
            ? t(quiz.data.lecture.title ? 'placeLecture' : 'placeLectureUntitled', {
                package: quiz.data.packageName,
                number: String(quiz.data.lecture.number),
                title: quiz.data.lecture.title ?? '',
              })
            : t('placeFinal', { package: quiz.data.packageName })}
        </p>
      )}
      <QueryState
        query={quiz}
        error={(error) => (
          <div role="alert" className="catalog-message">
            <p>{errorCode(error) === 'QUIZ_LOCKED' ? t('locked') : errorMessage(error, t('failed'))}</p>
            <ButtonLink to={back}>{t('back')}</ButtonLink>
          </div>
        )}
      >
        {(data) => (
          <>
            {result && (
              <section ref={resultRef} className={result.passed ? 'quiz__result quiz__result--passed' : 'quiz__result'} aria-live="polite" tabIndex={-1}>
                <p className="quiz__score">
                  {result.passed
                    ? t('passed', { right: result.rightCount, total: result.questionCount, percent: result.scorePercent })
                    : t('notPassed', { right: result.rightCount, total: result.questionCount, percent: result.scorePercent, pass: result.passPercent })}
                </p>
                {!result.showsAnswers && <p className="field__hint">{result.passed ? t('answersNever') : t('answersHidden')}</p>}
                {!result.passed && result.nextAttemptAt !== null && (
                  <p className="field__hint">{t('nextAttempt', { time: formatIstDateTime(result.nextAttemptAt, lang) })}</p>
                )}
              </section>
            )}
            {!result && data.passed && <p className="field__hint">{t('alreadyPassed', { percent: data.bestPercent ?? 0 })}</p>}
            {!result && <p>{t('instructions', { percent: data.passPercent })}</p>}
            <form className="form quiz__form" noValidate onSubmit={send}>
              {data.questions.map((question, number) => {
                const checked = result?.questions.find((item) => item.id === question.id);
                const rightIds = checked && 'rightOptionIds' in checked ? (checked.rightOptionIds ?? []) : null;
                const explanation =
                  checked && 'explanationEn' in checked
                    ? inLanguage(lang, { textEn: checked.explanationEn ?? null, textMr: checked.explanationMr ?? null })
                    : '';
                return (
                  <fieldset key={question.id} className="quiz__question" disabled={result !== null}>
                    <legend>
                      <span className="quiz__number">{t('question', { number: number + 1, total: data.questions.length })}</span>
                      <span className="quiz__text">{inLanguage(lang, question)}</span>
                    </legend>
                    {question.options.map((option) => {
                      const id = `q${question.id}-o${option.id}`;
                      const ticked = (chosen[question.id] ?? []).includes(option.id);
                      const isRight = rightIds?.includes(option.id) ?? false;
                      return (
                        <div key={option.id} className={rightIds && isRight ? 'quiz__option quiz__option--right' : 'quiz__option'}>
                          <input id={id} type="checkbox" checked={ticked} onChange={() => toggle(question.id, option.id)} />
                          <label htmlFor={id}>
                            {inLanguage(lang, option)}
                            {rightIds && isRight && <span className="quiz__tag"> · {t('rightAnswer')}</span>}
                          </label>
                        </div>
                      );
                    })}
                    {checked && (
                      <p className={checked.right ? 'quiz__verdict quiz__verdict--right' : 'quiz__verdict'}>{checked.right ? t('right') : t('wrong')}</p>
                    )}
                    {explanation && (
                      <p className="quiz__explanation">
                        <strong>{t('explanation')}: </strong>
                        {explanation}
                      </p>
                    )}
                  </fieldset>
                );
              })}
              {submit.isError && (
                <p className="admin-form__error" role="alert">
                  {errorMessage(submit.error, t('submitFailed'))}
                </p>
              )}
              {/* Keyed apart: reusing the Try again button as the submit button would submit the form with that very click. */}
              {result ? (
                <div key="after" className="quiz__actions">
                  {!result.passed && (
                    <button
                      type="button"
                      className="button button--primary"
                      onClick={() => {
                        setResult(null);
                        setChosen({});
                      }}
                    >
                      {t('again')}
                    </button>
                  )}
                  <Link to={back} className={result.passed ? 'button button--primary' : 'button'}>
                    {t('back')}
                  </Link>
                </div>
              ) : (
                <div key="before" className="quiz__actions">
                  <SubmitButton className="button button--primary" busy={submit.isPending} busyLabel={t('submitting')}>
                    {t('submit')}
                  </SubmitButton>
                  <ButtonLink to={back}>{t('back')}</ButtonLink>
                </div>
              )}
            </form>
          </>
        )}
      </QueryState>
    </div>
  );
}
