import { z } from 'zod';
import { CONDITION_STAGES, LOAN_PROBLEM_KINDS, RETURN_OUTCOMES, THANKED_FOR } from '../enums';
import { LIMITS } from '../limits';
import { hasNoControlCharacters } from './text';

/**
 * A loan's condition and problems (issue 36, docs/decisions/0048): what the
 * item looked like at hand-out and at return (each person may add up to 4
 * photos and a note per stage), how the owner says it came back and the
 * borrower's one answer, and "something's wrong" reports until the owner
 * settles them. Only the loan's two people ever see any of it.
 */

/** An optional note: blank is none. */
export const loanReportNoteSchema = z
  .string()
  .trim()
  .max(LIMITS.loanReportNoteMax, { message: 'validation.messageTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
  .transform((v) => (v === '' ? null : v));

/** Photos already uploaded (POST /api/photos), in display order: at most 4 on one entry or report. */
export const loanReportPhotoIdsSchema = z
  .array(z.uuid({ message: 'validation.photoInvalid' }))
  .max(LIMITS.photosPerLoanReportMax, { message: 'validation.tooManyPhotos' })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'validation.photoInvalid' });

/**
 * PUT /api/lending-requests/{id}/condition/{stage}: one's own entry for the
 * stage, replaced as a whole. A photo or a note: an empty entry says nothing.
 */
export const conditionEntryFormSchema = z
  .object({ note: loanReportNoteSchema.prefault(''), photoIds: loanReportPhotoIdsSchema.default([]) })
  .refine((entry) => entry.note !== null || entry.photoIds.length > 0, {
    message: 'validation.conditionEmpty',
    path: ['note'],
  });
export type ConditionEntryFormInput = z.input<typeof conditionEntryFormSchema>;

export const conditionStageParamsSchema = z.object({
  id: z.uuid(),
  stage: z.enum(CONDITION_STAGES, { message: 'validation.conditionStageInvalid' }),
});

/** PUT /api/lending-requests/{id}/return-assessment: the owner says how it came back. */
export const returnAssessmentFormSchema = z.object({
  outcome: z.enum(RETURN_OUTCOMES, { message: 'validation.returnOutcomeRequired' }),
  note: loanReportNoteSchema.prefault(''),
});
export type ReturnAssessmentFormInput = z.input<typeof returnAssessmentFormSchema>;

/** PUT /api/lending-requests/{id}/return-assessment/answer: the borrower answers once. */
export const assessmentAnswerFormSchema = z.object({
  answer: z
    .string({ message: 'validation.answerRequired' })
    .trim()
    .min(1, { message: 'validation.answerRequired' })
    .max(LIMITS.loanReportNoteMax, { message: 'validation.messageTooLong' })
    .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' }),
});
export type AssessmentAnswerFormInput = z.input<typeof assessmentAnswerFormSchema>;

/** POST /api/lending-requests/{id}/problems: "something's wrong". */
export const problemReportFormSchema = z.object({
  kind: z.enum(LOAN_PROBLEM_KINDS, { message: 'validation.problemKindRequired' }),
  note: loanReportNoteSchema.prefault(''),
  photoIds: loanReportPhotoIdsSchema.default([]),
});
export type ProblemReportFormInput = z.input<typeof problemReportFormSchema>;

export const problemParamsSchema = z.object({ id: z.uuid(), problemId: z.uuid() });

/** Who wrote a record, as the reader sees it. */
const loanSideSchema = z.enum(['owner', 'borrower']);
export type LoanSide = z.infer<typeof loanSideSchema>;

const reportPhotoSchema = z.object({ id: z.string(), url: z.string() });

export const conditionEntrySchema = z.object({
  stage: z.enum(CONDITION_STAGES),
  by: loanSideSchema,
  note: z.string().nullable(),
  photos: z.array(reportPhotoSchema),
  updatedAt: z.string(),
});
export type ConditionEntry = z.infer<typeof conditionEntrySchema>;

export const loanProblemSchema = z.object({
  id: z.string(),
  kind: z.enum(LOAN_PROBLEM_KINDS),
  by: loanSideSchema,
  note: z.string().nullable(),
  photos: z.array(reportPhotoSchema),
  reportedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LoanProblem = z.infer<typeof loanProblemSchema>;

export const returnAssessmentSchema = z.object({
  outcome: z.enum(RETURN_OUTCOMES),
  note: z.string().nullable(),
  assessedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type ReturnAssessment = z.infer<typeof returnAssessmentSchema>;

/** POST /api/lending-requests/{id}/thanks (issue 36): once per loan and person, after the return. */
export const thanksFormSchema = z.object({
  note: z
    .string()
    .trim()
    .max(LIMITS.thanksNoteMax, { message: 'validation.messageTooLong' })
    .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
    .transform((v) => (v === '' ? null : v))
    .prefault(''),
});
export type ThanksFormInput = z.input<typeof thanksFormSchema>;

const thanksNoteSchema = z.object({ note: z.string().nullable(), createdAt: z.string() });

/** The thanks on one loan, as its reader sees them (part of GET …/condition). */
export const loanThanksSchema = z.object({
  given: thanksNoteSchema.nullable(),
  received: thanksNoteSchema.nullable(),
});

/**
 * GET /api/lending-requests/{id}/condition. `allowed` is what the reader may
 * do now, decided by the same rules the writes check (server:
 * lending/condition/condition-rules.ts), so the screen offers only what works.
 */
export const loanConditionSchema = z.object({
  loanId: z.string(),
  viewer: loanSideSchema,
  entries: z.array(conditionEntrySchema),
  assessment: returnAssessmentSchema.nullable(),
  problems: z.array(loanProblemSchema),
  thanks: loanThanksSchema,
  allowed: z.object({
    handover: z.boolean(),
    return: z.boolean(),
    assess: z.boolean(),
    answer: z.boolean(),
    reportProblem: z.boolean(),
    settle: z.boolean(),
    thank: z.boolean(),
  }),
});
export type LoanCondition = z.infer<typeof loanConditionSchema>;
export type LoanConditionAction = keyof LoanCondition['allowed'];

/**
 * GET /api/users/{id}/thanks: what a person was thanked for, shown to the
 * people they have as contacts (and to themselves): how many times for
 * lending and for borrowing, and the notes from people the reader knows too.
 * Hidden thanks count nowhere. Never a score.
 */
export const personThanksSchema = z.object({
  lending: z.number().int().nonnegative(),
  borrowing: z.number().int().nonnegative(),
  notes: z.array(
    z.object({
      fromName: z.string(),
      thankedFor: z.enum(THANKED_FOR),
      note: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type PersonThanks = z.infer<typeof personThanksSchema>;

/** GET /api/thanks/received: every thanks I received, hidden ones too, to hide or show each. */
export const receivedThanksSchema = z.array(
  z.object({
    id: z.string(),
    fromName: z.string(),
    itemName: z.string(),
    thankedFor: z.enum(THANKED_FOR),
    note: z.string().nullable(),
    hidden: z.boolean(),
    createdAt: z.string(),
  }),
);
export type ReceivedThanks = z.infer<typeof receivedThanksSchema>;

export const thanksIdParamsSchema = z.object({ id: z.uuid() });
/** PUT /api/thanks/{id}/hidden. */
export const hideThanksSchema = z.object({ hidden: z.boolean() });
/** GET /api/users/{userId}/thanks: whose thanks. */
export const personThanksParamsSchema = z.object({ userId: z.uuid() });
