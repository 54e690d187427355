import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts, items } from '../../db/schema';
import { recordNotifications } from '../../notifications/record-notifications';

/** What the link's holder did, as the owner's notification names it. */
export type LinkStep = 'loan_link_have_it' | 'loan_link_more_time' | 'loan_link_brought_back';

/**
 * Tells the owner what the borrower did through the link (docs/decisions/0049),
 * with their notification choices (kind `handover`), inside the step's
 * transaction. The borrower has no account, so no message: the notification
 * names them as the owner wrote them down, and more time with its date.
 */
export async function tellOwnerOfLinkStep(
  tx: DbOrTx,
  loan: { ownerId: string; itemId: string; borrowerName: string | null; borrowerContactId: string | null },
  event: LinkStep,
  extra: { dueDate?: string } = {},
): Promise<void> {
  const [names] = await tx
    .select({
      itemName: items.name,
      borrowerName: sql<string | null>`COALESCE(${contacts.name}, ${loan.borrowerName}::text)`,
    })
    .from(items)
    .leftJoin(contacts, sql`${contacts.id} = ${loan.borrowerContactId}::uuid`)
    .where(eq(items.id, loan.itemId));
  await recordNotifications(tx, [
    {
      userId: loan.ownerId,
      kind: 'handover',
      event,
      payload: {
        itemId: loan.itemId,
        itemName: names?.itemName ?? null,
        senderName: names?.borrowerName ?? null,
        ...(extra.dueDate ? { dueDate: extra.dueDate } : {}),
      },
    },
  ]);
}
