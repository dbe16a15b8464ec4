import './progress.css';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { pagePaths, pathTo } from '../../../shared/page-paths';
import { useProgressMessages } from './progress-messages';
import { ButtonLink } from '../../components/button-link';

type Props = { courseId: string; currentLectureId: string };

/**
 * Beside the player: the quiz of the part on screen, the package's final quiz, and where the
 * learner stands towards its certificate (when the package gives one).
 */
export function LearningPanel({ courseId, currentLectureId }: Props) {
  const { t } = useProgressMessages();
  const trpc = useTRPC();
  const quizzes = useQuery(trpc.quizzes.ofPackage.queryOptions({ packageId: courseId }));
  // Only an owner has a certificate standing (an admin watching gets 403: nothing is shown).
  const certificate = useQuery({ ...trpc.certificates.status.queryOptions({ packageId: courseId }), retry: false });
  const partQuiz = quizzes.data?.find((quiz) => quiz.lectureId === currentLectureId && quiz.open);
  const finalQuiz = quizzes.data?.find((quiz) => quiz.lectureId === null && quiz.open);
  const status = certificate.data;
  if (!partQuiz && !finalQuiz && !status?.enabled) return null;
  return (
    <div className="learning-panel">
      {partQuiz && (
        <ButtonLink to={pathTo(pagePaths.quiz, { courseId, quizId: partQuiz.id })}>
          {partQuiz.passed ? `${t('quiz')} · ${t('quizPassed')}` : t('quiz')}
        </ButtonLink>
      )}
      {finalQuiz && (
        <ButtonLink to={pathTo(pagePaths.quiz, { courseId, quizId: finalQuiz.id })}>
          {finalQuiz.passed ? `${t('finalQuiz')} · ${t('quizPassed')}` : t('finalQuiz')}
        </ButtonLink>
      )}
      {status?.enabled && (
        <section className="learning-panel__certificate" aria-label={t('certificate')}>
          <h2 className="learning-panel__title">{t('certificate')}</h2>
          <p>
            {t('certificateProgress', {
              done: status.lectures.done,
              total: status.lectures.total,
              passed: status.quizzes.passed,
              quizzes: status.quizzes.total,
            })}
          </p>
          {(status.finished || status.certificate) && (
            <ButtonLink to={pathTo(pagePaths.courseCertificate, { courseId })} look="primary">
              {status.certificate ? t('seeCertificate') : t('getCertificate')}
            </ButtonLink>
          )}
        </section>
      )}
    </div>
  );
}
