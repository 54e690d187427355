import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { ItemWaitlist } from '@/contract/reservations';
import type { Database } from '../../../db/client';
import { items, itemWaitlist, users } from '../../../db/schema';
import { authorizeItem } from '../../../items/item-access';
import { visibleToViewer } from '../../../items/item-visibility';
import { can, type Actor } from '../../../policies';

/**
 * GET /api/items/{id}/waitlist (issue 35): the reader's own place on it,
 * and for the owner (`item:readWaitlist`) everyone waiting who still sees
 * the item, oldest first. Lapsed entries are not shown.
 */
export async function getWaitlist(db: Database, actor: Actor, itemId: string): Promise<ItemWaitlist> {
  const item = await authorizeItem(db, actor, itemId, 'item:read');
  const ownerView = can(actor, 'item:readWaitlist', { ownerId: item.ownerId, visibleToActor: true });
  // Only people who still see the item (unshared since, a contact removed, a block: ADR 0018): as the notice.
  const live = and(
    eq(itemWaitlist.itemId, item.id),
    gt(itemWaitlist.expiresAt, sql`now()`),
    visibleToViewer(sql`${itemWaitlist.userId}`),
  );
  const rows = await db
    .select({
      userId: itemWaitlist.userId,
      name: users.name,
      from: itemWaitlist.wantedFrom,
      until: itemWaitlist.wantedUntil,
      since: itemWaitlist.createdAt,
      expiresAt: itemWaitlist.expiresAt,
    })
    .from(itemWaitlist)
    .innerJoin(items, eq(items.id, itemWaitlist.itemId))
    .innerJoin(users, eq(users.id, itemWaitlist.userId))
    .where(ownerView ? live : and(live, eq(itemWaitlist.userId, actor.id)))
    .orderBy(asc(itemWaitlist.createdAt));
  const mine = rows.find((row) => row.userId === actor.id);
  return {
    mine: mine ? { from: mine.from, until: mine.until, expiresAt: mine.expiresAt.toISOString() } : null,
    ...(ownerView
      ? {
          waiting: rows.map((row) => ({
            name: row.name,
            from: row.from,
            until: row.until,
            since: row.since.toISOString(),
          })),
        }
      : {}),
  };
}
