import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { Actor } from '../../policies';
import { involving, selectLendingRequests, type LendingRequestRow } from './lending-query';

/**
 * One lending request as the actor sees it now, read back after a step
 * committed; scoped by `involving`, the SQL form of `lendingRequest:read`.
 */
export async function findLendingRequest(db: Database, actor: Actor, requestId: string): Promise<LendingRequestRow> {
  const [row] = await selectLendingRequests(db, and(eq(lendingRequests.id, requestId), involving(actor.id)), actor.id);
  // The step committed, but the request is gone already: its item or one
  // of the two accounts was deleted in the meantime.
  if (!row) throw AppError.notFound('The lending request no longer exists');
  return row;
}
