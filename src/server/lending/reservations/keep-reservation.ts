import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { authorize, type Actor } from '../../policies';

/**
 * POST /api/lending-requests/{id}/keep (issue 35): the owner keeps an
 * accepted reservation past its pick-up grace, so it is not released while
 * the borrower is late (a 404 for anyone but the two parties, a 403 for the
 * requester, a 409 for a request that is not accepted). Saying it twice
 * changes nothing. Locks the item, then the request, like every lending
 * write, so a release running at the same moment either happened first (409)
 * or sees the kept flag and does nothing.
 */
export async function keepReservation(db: Database, actor: Actor, requestId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ itemId: lendingRequests.itemId })
      .from(lendingRequests)
      .where(eq(lendingRequests.id, requestId));
    if (!ref?.itemId) throw AppError.notFound('Lending request not found');
    await tx.select({ id: items.id }).from(items).where(eq(items.id, ref.itemId)).for('update');
    const [request] = await tx.select().from(lendingRequests).where(eq(lendingRequests.id, requestId)).for('update');
    if (!request) throw AppError.notFound('Lending request not found');
    authorize(actor, 'lendingRequest:read', request, { hideAs404: true });
    authorize(actor, 'lendingRequest:keepReservation', request);
    if (request.status !== 'accepted') {
      throw new AppError('request_transition_not_allowed', 'Only an accepted reservation can be kept');
    }
    await tx
      .update(lendingRequests)
      .set({ keptPastPickup: true, updatedAt: sql`now()` })
      .where(eq(lendingRequests.id, request.id));
  });
}
