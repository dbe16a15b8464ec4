import { z } from 'zod';
import { blankToUndefined, entityId, optionalText, wholeNumber } from '../../../shared/schemas.js';

const passPercent = wholeNumber(1, 100, 'PASS_PERCENT_INVALID');

/** A text in one language, optional (blank is none). */
const text = (max: number) => z.preprocess(blankToUndefined, optionalText(max)).transform((value) => value ?? null);

export const newQuizInput = z.object({
  packageId: entityId,
  /** The lecture the quiz follows; none: the end of the package. */
  lectureId: z.preprocess(blankToUndefined, entityId.optional()).transform((value) => value ?? null),
  passPercent,
});

export const quizSettingsInput = z.object({ quizId: entityId, passPercent });

const option = z.object({ textEn: text(300), textMr: text(300), correct: z.boolean({ error: 'OPTIONS_INVALID' }) });

export const questionInput = z
  .object({
    quizId: entityId,
    /** Given: that question is replaced; none: a new question at the end. */
    questionId: z.preprocess(blankToUndefined, entityId.optional()).transform((value) => value ?? null),
    textEn: text(1000),
    textMr: text(1000),
    explanationEn: text(2000),
    explanationMr: text(2000),
    options: z.array(option, { error: 'OPTIONS_INVALID' }).min(2, 'OPTIONS_INVALID').max(8, 'OPTIONS_INVALID'),
  })
  .refine((input) => input.textEn !== null || input.textMr !== null, { path: ['textMr'], message: 'QUESTION_TEXT_REQUIRED' })
  .refine((input) => input.options.every((choice) => choice.textEn !== null || choice.textMr !== null) && input.options.some((choice) => choice.correct), {
    path: ['options'],
    message: 'OPTIONS_INVALID',
  });

export const answersInput = z.object({
  quizId: entityId,
  answers: z
    .array(z.object({ questionId: entityId, optionIds: z.array(entityId, { error: 'ANSWERS_INVALID' }).max(8, 'ANSWERS_INVALID') }), {
      error: 'ANSWERS_INVALID',
    })
    .max(200, 'ANSWERS_INVALID'),
});

export const moveQuestionInput = z.object({ questionId: entityId, direction: z.enum(['up', 'down'], { error: 'DIRECTION_INVALID' }) });
