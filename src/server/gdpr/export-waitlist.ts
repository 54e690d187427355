import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, itemWaitlist } from '../db/schema';
import { iso, jsonArray, keyset, pages, type PageCursor } from './export-pages';

/**
 * The export's "tell me when it's free" entries (issue 35): the items the
 * person waits for, with the days they asked for and when the wait lapses.
 * Who waits for the person's own items is those people's data, not theirs.
 */
export function exportWaitlist(db: Database, userId: string, size: number): AsyncGenerator<string> {
  const k = keyset(itemWaitlist.createdAt, itemWaitlist.itemId);
  return jsonArray(
    pages(size, (after: PageCursor | null, limit: number) =>
      db
        .select({
          entry: itemWaitlist,
          itemName: items.name,
          id: itemWaitlist.itemId,
          cursorAt: k.cursorAt,
        })
        .from(itemWaitlist)
        .innerJoin(items, eq(items.id, itemWaitlist.itemId))
        .where(and(eq(itemWaitlist.userId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ entry, itemName }) => ({
        item: { id: entry.itemId, name: itemName },
        from: entry.wantedFrom,
        until: entry.wantedUntil,
        createdAt: iso(entry.createdAt),
        expiresAt: iso(entry.expiresAt),
      })),
  );
}
