import type { LoanProblemKind, ReturnOutcome } from '@/contract/enums';

/** The keys of the choices, written out so the key check sees each. */
export const OUTCOME_KEYS: Record<ReturnOutcome, string> = {
  fine: 'condition.outcome.fine',
  wear: 'condition.outcome.wear',
  damaged: 'condition.outcome.damaged',
  incomplete: 'condition.outcome.incomplete',
};
export const PROBLEM_KEYS: Record<LoanProblemKind, string> = {
  broke: 'condition.problem.broke',
  part_missing: 'condition.problem.part_missing',
  not_working: 'condition.problem.not_working',
  other: 'condition.problem.other',
};
