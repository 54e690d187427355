import { AppError } from '../../http/app-error';
import type { LendingRefusal } from './lending-state-machine';

const REFUSAL_MESSAGES: Record<LendingRefusal, string> = {
  not_found: 'Lending request not found',
  request_already_active: 'The requester already has an open request for this item',
  request_transition_not_allowed: 'This step does not follow from the request status',
  request_withdraw_not_allowed: 'Only a pending request can be withdrawn',
};

/** The answer for a step the state machine refused. */
export function refusalError(refusal: LendingRefusal): AppError {
  return new AppError(refusal, REFUSAL_MESSAGES[refusal]);
}

/** The owner asking to borrow their own item: the policy gives `create` to the requester only. */
export function ownItemRequest(): AppError {
  return new AppError('own_item_request', 'Nobody can borrow their own item');
}

/**
 * The partial unique index of lending_requests is the last word on races
 * the use cases' checks cannot see (docs/decisions/0010). Their violations
 * are mapped to the codes the borrower understands, instead of the generic
 * `duplicate_entry` the error handler gives any other unique violation.
 */
const CONFLICT_OF_INDEX: Record<string, () => AppError> = {
  lending_requests_one_open_per_requester: () =>
    new AppError('request_already_active', 'The requester already has an open request for this item'),
};

/** The AppError for a unique violation of a lending index, or null for any other error. */
export function lendingConflict(error: unknown): AppError | null {
  // Drizzle wraps the driver's error; the SQLSTATE and index name are on the cause.
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && typeof constraint === 'string') {
      const conflict = CONFLICT_OF_INDEX[constraint];
      if (conflict) return conflict();
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** Runs a write and rethrows a lending-index violation as its AppError. */
export async function mappingLendingConflicts<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw lendingConflict(error) ?? error;
  }
}
