import type { LoanOrigin } from '../../contract/enums';
import type { Actor } from './actor';
import type { LendingRequestAccess } from './lending-policy';

/**
 * Extending a loan (issue 18, docs/decisions/0026): only the borrower asks to
 * keep the item longer, only the owner answers. Callers first check
 * `lendingRequest:read` with `hideAs404`, so a stranger learns nothing; the
 * other party then gets 403 here. Whether the loan's state allows it is the
 * use case's business (409), not authorization.
 */
export const loanRules = {
  'loanExtension:request': (actor: Actor, loan: LendingRequestAccess) => actor.id === loan.requesterId,
  'loanExtension:answer': (actor: Actor, loan: LendingRequestAccess) => actor.id === loan.ownerId,
  /**
   * "That's not right" (issue 19, docs/decisions/0028): only the borrower named on a loan the owner recorded
   * says it did not happen; a loan they asked for themselves is theirs already and has no such step.
   */
  'loan:dispute': (actor: Actor, loan: LendingRequestAccess & { origin: LoanOrigin }) =>
    actor.id === loan.requesterId && loan.origin === 'recorded',
};
