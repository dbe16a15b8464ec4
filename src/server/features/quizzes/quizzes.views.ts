import type { QuizRow } from '../../db/schema.js';

type QuestionRow = {
  id: number;
  position: number;
  textEn: string | null;
  textMr: string | null;
  explanationEn: string | null;
  explanationMr: string | null;
  options: { id: number; position: number; textEn: string | null; textMr: string | null; correct: boolean }[];
};

/** A quiz with its questions and which choices are right, as the service reads it: admins only. */
export type AdminQuiz = { quiz: QuizRow; questions: QuestionRow[] };

export type QuizSummary = {
  quiz: QuizRow;
  questionCount: number;
  open: boolean;
  attempts: number;
  passed: boolean;
  bestPercent: number | null;
};

export type QuizForLearner = {
  quiz: QuizRow;
  questions: QuestionRow[];
  attempts: number;
  passed: boolean;
  bestPercent: number | null;
  packageName: string;
  /** The lecture the quiz follows, numbered as the player numbers it; null for the package's final quiz. */
  lecture: { number: number; title: string | null } | null;
};

export type AttemptResult = {
  quiz: QuizRow;
  submittedAt: number;
  rightCount: number;
  questionCount: number;
  scorePercent: number;
  passed: boolean;
  /** Whether QUIZ_SHOW_ANSWERS lets this learner see which questions were right, the right choices and explanations now. */
  showsAnswers: boolean;
  /** When the learner may submit this quiz again (null: at once). */
  nextAttemptAt: number | null;
  checked: { question: QuestionRow; ticked: number[]; right: number[]; isRight: boolean }[];
};

const quizBase = (quiz: QuizRow) => ({
  id: String(quiz.id),
  packageId: String(quiz.packageId),
  lectureId: quiz.lectureId === null ? null : String(quiz.lectureId),
  passPercent: quiz.passPercent,
});

export function toAdminQuizView({ quiz, questions }: AdminQuiz) {
  return {
    ...quizBase(quiz),
    questions: questions.map((question) => ({
      id: String(question.id),
      textEn: question.textEn,
      textMr: question.textMr,
      explanationEn: question.explanationEn,
      explanationMr: question.explanationMr,
      options: question.options.map((choice) => ({ id: String(choice.id), textEn: choice.textEn, textMr: choice.textMr, correct: choice.correct })),
    })),
  };
}

export function toQuizSummaryView(row: QuizSummary) {
  return { ...quizBase(row.quiz), questionCount: row.questionCount, open: row.open, attempts: row.attempts, passed: row.passed, bestPercent: row.bestPercent };
}

/**
 * The quiz to answer. Built field by field from what the learner may know: the texts of each
 * question and choice. Never `correct`, never the explanations, never how many choices are right.
 */
export function toQuizToTakeView(row: QuizForLearner) {
  return {
    ...quizBase(row.quiz),
    packageName: row.packageName,
    lecture: row.lecture,
    attempts: row.attempts,
    passed: row.passed,
    bestPercent: row.bestPercent,
    questions: row.questions.map((question) => ({
      id: String(question.id),
      textEn: question.textEn,
      textMr: question.textMr,
      options: question.options.map((choice) => ({ id: String(choice.id), textEn: choice.textEn, textMr: choice.textMr })),
    })),
  };
}

/**
 * An attempt's result: the score; per question whether it was right, the right choices and the
 * explanations only when QUIZ_SHOW_ANSWERS shows them (else no question at all: knowing which
 * questions were right would let a learner guess the answers one question at a time).
 */
export function toAttemptResultView(result: AttemptResult) {
  return {
    quizId: String(result.quiz.id),
    submittedAt: result.submittedAt,
    rightCount: result.rightCount,
    questionCount: result.questionCount,
    scorePercent: result.scorePercent,
    passPercent: result.quiz.passPercent,
    passed: result.passed,
    showsAnswers: result.showsAnswers,
    nextAttemptAt: result.nextAttemptAt,
    questions: result.showsAnswers
      ? result.checked.map((item) => ({
          id: String(item.question.id),
          right: item.isRight,
          chosen: item.ticked.map(String),
          rightOptionIds: item.right.map(String),
          explanationEn: item.question.explanationEn,
          explanationMr: item.question.explanationMr,
        }))
      : [],
  };
}
