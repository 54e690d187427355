import type { LoanProblemKind, LoanReportKind } from '@/contract/enums';
import type { LoanCondition, LoanConditionAction, LoanSide } from '@/contract/schemas/loan-condition';
import { photoUrl } from '@/contract/schemas/item';
import type { loanReturnAssessments } from '../../db/schema';
import type { LoanForCondition } from './load-loan-facts';

export interface LoanReportRow {
  id: string;
  authorId: string;
  kind: LoanReportKind;
  problem: LoanProblemKind | null;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
  settledAt: Date | null;
  photoIds: string[];
}

/** A loan's condition records as its reader sees them: who wrote each as "owner" or "borrower", never an id. */
export function presentLoanCondition(input: {
  loan: LoanForCondition;
  reports: LoanReportRow[];
  assessment: typeof loanReturnAssessments.$inferSelect | null;
  thanks: { fromUserId: string; note: string | null; createdAt: Date }[];
  readerId: string;
  allowed: Record<LoanConditionAction, boolean>;
}): LoanCondition {
  const { loan, reports, assessment, thanks, readerId, allowed } = input;
  const thanksNote = (row: (typeof thanks)[number] | undefined) =>
    row ? { note: row.note, createdAt: row.createdAt.toISOString() } : null;
  const sideOf = (authorId: string): LoanSide => (authorId === loan.ownerId ? 'owner' : 'borrower');
  const photos = (ids: string[]) => ids.map((id) => ({ id, url: photoUrl(id) }));
  return {
    loanId: loan.id,
    viewer: loan.facts.role === 'owner' ? 'owner' : 'borrower',
    entries: reports.flatMap((report) =>
      report.kind === 'problem'
        ? []
        : [
            {
              stage: report.kind,
              by: sideOf(report.authorId),
              note: report.note,
              photos: photos(report.photoIds),
              updatedAt: report.updatedAt.toISOString(),
            },
          ],
    ),
    assessment: assessment && {
      outcome: assessment.outcome,
      note: assessment.note,
      assessedAt: assessment.assessedAt.toISOString(),
      answer: assessment.answer,
      answeredAt: assessment.answeredAt?.toISOString() ?? null,
    },
    problems: reports.flatMap((report) =>
      report.kind === 'problem' && report.problem !== null
        ? [
            {
              id: report.id,
              kind: report.problem,
              by: sideOf(report.authorId),
              note: report.note,
              photos: photos(report.photoIds),
              reportedAt: report.createdAt.toISOString(),
              settledAt: report.settledAt?.toISOString() ?? null,
            },
          ]
        : [],
    ),
    thanks: {
      given: thanksNote(thanks.find((row) => row.fromUserId === readerId)),
      received: thanksNote(thanks.find((row) => row.fromUserId !== readerId)),
    },
    allowed,
  };
}
