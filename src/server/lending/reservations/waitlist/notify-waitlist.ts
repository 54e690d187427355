import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { visibleToViewer } from '../../../items/item-visibility';
import { recordNotifications } from '../../../notifications/record-notifications';

interface FreedRow extends Record<string, unknown> {
  user_id: string;
  owner_id: string;
  owner_name: string;
  item_name: string;
  wanted_from: string | null;
  wanted_until: string | null;
}

/**
 * After a write that frees days of an item (it came back, a reservation was
 * released, the owner's own use ended or shortened, it is no longer in use):
 * everyone waiting for it (issue 35) whose days are now free is told once,
 * with their notification preferences (kind `handover`, event `item_free`),
 * and leaves the list. "Free" for days asked: no hold shares a day with
 * them; without days: the item is at home and nobody holds today. Only
 * while the item is still shared with them (it may have been unshared
 * since). Lapsed entries (30 days) are cleared here too. In the caller's transaction,
 * after its write, so it sees the days that write freed; the DELETE …
 * RETURNING makes each person told once, whichever instance runs it.
 */
export async function notifyWaitlist(tx: DbOrTx, itemId: string, now = new Date()): Promise<number> {
  // Lapsed, or waiting for days already gone: nothing to tell any more.
  await tx.execute(sql`
    DELETE FROM item_waitlist
     WHERE item_id = ${itemId}
       AND (expires_at <= now() OR wanted_until < (now() AT TIME ZONE 'UTC')::date - 1)`);
  // RETURNING reads the item and its owner from USING; visibleToViewer names the table `items` itself.
  const { rows } = await tx.execute<FreedRow>(sql`
    DELETE FROM item_waitlist w
     USING items, users owner
     WHERE w.item_id = ${itemId} AND items.id = w.item_id AND owner.id = items.owner_id
       AND w.expires_at > now()
       AND items.status <> 'in_use'
       AND (w.wanted_from IS NOT NULL OR items.status = 'available')
       -- Out now (perhaps overdue, past its held days): days up to today are not free whatever the holds say.
       AND NOT (items.status = 'borrowed' AND w.wanted_from <= (now() AT TIME ZONE 'UTC')::date)
       AND NOT EXISTS (
             SELECT 1 FROM item_holds h
              WHERE h.item_id = w.item_id
                AND h.during && daterange(coalesce(w.wanted_from, (now() AT TIME ZONE 'UTC')::date),
                                          coalesce(w.wanted_until, (now() AT TIME ZONE 'UTC')::date) + 1, '[)'))
       AND ${visibleToViewer(sql`w.user_id`)}
    RETURNING w.user_id, items.owner_id, owner.name AS owner_name, items.name AS item_name,
              w.wanted_from::text AS wanted_from, w.wanted_until::text AS wanted_until`);
  await recordNotifications(
    tx,
    rows.map((row) => ({
      userId: row.user_id,
      kind: 'handover' as const,
      event: 'item_free',
      payload: {
        itemId,
        itemName: row.item_name,
        partnerId: row.owner_id,
        partnerName: row.owner_name,
        wantedFrom: row.wanted_from,
        wantedUntil: row.wanted_until,
      },
    })),
    now,
  );
  return rows.length;
}
