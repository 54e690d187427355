import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { items, lendingRequests } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { withParties, type WithParties } from '../../db/request-parties';
import { authorize, type Actor } from '../../policies';

export type LoanRow = typeof lendingRequests.$inferSelect;

export interface LockedLoan {
  loan: Omit<LoanRow, 'itemId' | 'requesterId'> & WithParties;
  item: { id: string; name: string };
}

/**
 * Locks a lending request for an extension step: the item first, then the
 * request, the order every lending write uses (take-lending-step.ts), so an
 * extension and a return queue instead of deadlocking. A stranger gets 404,
 * as for every lending request.
 */
export async function lockLoan(tx: DbOrTx, actor: Actor, lendingRequestId: string): Promise<LockedLoan> {
  // The item id never changes, so reading it unlocked to lock the item first is safe.
  const [ref] = await tx
    .select({ itemId: lendingRequests.itemId })
    .from(lendingRequests)
    .where(eq(lendingRequests.id, lendingRequestId));
  // A loan whose item is gone is history; one recorded for someone without an account has nobody to ask for
  // more time: neither has extension steps.
  if (!ref?.itemId) throw notFound();
  const [item] = await tx
    .select({ id: items.id, name: items.name })
    .from(items)
    .where(eq(items.id, ref.itemId))
    .for('update');
  const [loan] = await tx.select().from(lendingRequests).where(eq(lendingRequests.id, lendingRequestId)).for('update');
  if (!item || !loan || loan.requesterId === null) throw notFound();
  authorize(actor, 'lendingRequest:read', loan, { hideAs404: true });
  return { loan: withParties(loan), item };
}

const notFound = () => AppError.notFound('Lending request not found');
