import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { items, networkRequestMatches, networkRequests, users } from '../db/schema';
import { iso, jsonArray, keyset, pages, person } from './export-pages';

/**
 * "You may have this" (docs/decisions/0028): the person's items that other
 * people's network requests matched, as they were told. The request's title
 * and its requester are what the request's own message already showed them.
 * Keyset on (created_at, item_id): one request matches an item once, and two
 * requests are not created in the same microsecond.
 */
export function exportNetworkMatches(db: Database, userId: string, size: number) {
  const k = keyset(networkRequestMatches.createdAt, networkRequestMatches.itemId);
  return jsonArray(
    pages(size, (after, limit) =>
      db
        .select({
          match: networkRequestMatches,
          request: { id: networkRequests.id, title: networkRequests.title },
          item: { id: items.id, name: items.name },
          requester: person(users),
          id: networkRequestMatches.itemId,
          cursorAt: k.cursorAt,
        })
        .from(networkRequestMatches)
        .innerJoin(networkRequests, eq(networkRequests.id, networkRequestMatches.networkRequestId))
        .innerJoin(users, eq(users.id, networkRequests.requesterId))
        .innerJoin(items, eq(items.id, networkRequestMatches.itemId))
        .where(and(eq(networkRequestMatches.ownerId, userId), k.after(after)))
        .orderBy(...k.orderBy)
        .limit(limit),
    ),
    (rows) =>
      rows.map(({ match, request, item, requester }) => ({
        networkRequest: { ...request, requester: { name: requester.name, username: requester.username } },
        item,
        createdAt: iso(match.createdAt),
      })),
  );
}
