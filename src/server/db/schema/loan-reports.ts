import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOAN_PROBLEM_KINDS, LOAN_REPORT_KINDS, RETURN_OUTCOMES } from '@/contract/enums';
import { LIMITS } from '@/contract/limits';
import { lengthBetween, oneOf } from './checks';
import { lendingRequests } from './lending';
import { users } from './users';

/**
 * What one of a loan's two people wrote down about it (issue 36,
 * docs/decisions/0048): the item's condition at hand-out or at return (one
 * entry per person and stage, replaced when edited), or a problem ("something's
 * wrong"), open until the owner settles it. Photos point here
 * (`item_photos.report_id`). History: it goes with its loan.
 */
export const loanReports = pgTable(
  'loan_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lendingRequestId: uuid('lending_request_id')
      .notNull()
      .references(() => lendingRequests.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LOAN_REPORT_KINDS }).notNull(),
    /** A problem's kind; NULL on a condition entry. */
    problem: text('problem', { enum: LOAN_PROBLEM_KINDS }),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the owner marked a problem settled. */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('loan_reports_one_entry_per_stage')
      .on(t.lendingRequestId, t.kind, t.authorId)
      .where(sql`${t.kind} <> 'problem'`),
    index('loan_reports_loan_idx').on(t.lendingRequestId, t.createdAt),
    index('loan_reports_author_idx').on(t.authorId),
    check('loan_reports_kind', oneOf(t.kind, LOAN_REPORT_KINDS)),
    check('loan_reports_problem', oneOf(t.problem, LOAN_PROBLEM_KINDS)),
    check('loan_reports_problem_only_on_problems', sql`(${t.kind} = 'problem') = (${t.problem} IS NOT NULL)`),
    check('loan_reports_settled_only_problems', sql`${t.settledAt} IS NULL OR ${t.kind} = 'problem'`),
    check('loan_reports_note_length', lengthBetween(t.note, 1, LIMITS.loanReportNoteMax)),
  ],
);

/**
 * How the item came back, in the owner's words (issue 36): one per loan,
 * changeable until the borrower answers, who answers once.
 */
export const loanReturnAssessments = pgTable(
  'loan_return_assessments',
  {
    lendingRequestId: uuid('lending_request_id')
      .primaryKey()
      .references(() => lendingRequests.id, { onDelete: 'cascade' }),
    outcome: text('outcome', { enum: RETURN_OUTCOMES }).notNull(),
    note: text('note'),
    assessedAt: timestamp('assessed_at', { withTimezone: true }).notNull().defaultNow(),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    check('loan_return_assessments_outcome', oneOf(t.outcome, RETURN_OUTCOMES)),
    check('loan_return_assessments_note_length', lengthBetween(t.note, 1, LIMITS.loanReportNoteMax)),
    check('loan_return_assessments_answer_length', lengthBetween(t.answer, 1, LIMITS.loanReportNoteMax)),
    check('loan_return_assessments_answered', sql`(${t.answer} IS NULL) = (${t.answeredAt} IS NULL)`),
  ],
);
