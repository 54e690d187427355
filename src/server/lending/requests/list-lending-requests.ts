import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lendingRequests } from '../../db/schema';
import type { Actor } from '../../policies';
import { selectLendingRequests, type LendingRequestRow } from './lending-query';

/*
 * Spec §7 GET /api/lending-requests/sent and /received. Each list is one side
 * of the `lendingRequest:read` rule, written into the WHERE clause, so it
 * never loads someone else's request; one query whatever the number of rows.
 */

/** The requests the actor made (My Requests). */
export function listSentLendingRequests(db: Database, actor: Actor): Promise<LendingRequestRow[]> {
  return selectLendingRequests(db, eq(lendingRequests.requesterId, actor.id), actor.id);
}

/** The requests for the actor's items (Requests for My Items). */
export function listReceivedLendingRequests(db: Database, actor: Actor): Promise<LendingRequestRow[]> {
  return selectLendingRequests(db, eq(lendingRequests.ownerId, actor.id), actor.id);
}
