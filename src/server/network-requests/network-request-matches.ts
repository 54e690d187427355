import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { items, networkRequestMatches } from '../db/schema';
import { searchVisibleItems } from '../items/search-visible-items';
import { networkOf } from './network-recipients';

/** The requester's search reads at most this many of their visible items, best match first. */
const MATCH_SEARCH_ROWS = 100;
/** "You may have this" names at most this many items to one owner. */
export const MATCHES_PER_OWNER = 3;
/** And at most this many in all, whatever the network's size. */
export const MATCHES_PER_REQUEST = 50;

/**
 * "You may have this" (docs/decisions/0028), inside the transaction that
 * sends the request, before its messages (their notifications name the
 * match): the requester's own search for the title over the items they can
 * already see (the same search as Available Items, ADR 0027), at most
 * MATCHES_PER_OWNER per owner and MATCHES_PER_REQUEST in all, among the
 * items of owners the request reaches (its recipients: mutual contacts and
 * co-members, never across a block). The search itself keeps to the
 * recipients, before the caps, so someone who sees many matching items of
 * people they do not ask cannot crowd out those they do. So nobody is told
 * about an item the requester could not see, and nothing is stored for
 * someone not asked. Two statements whatever the size of the network.
 */
export async function insertNetworkRequestMatches(
  tx: DbOrTx,
  request: { id: string; requesterId: string; title: string },
): Promise<void> {
  // By what the items are, never by who owns them: "mat" must not match everything of Matt's.
  const found = await searchVisibleItems(tx, request.requesterId, request.title, {
    limit: MATCH_SEARCH_ROWS,
    where: sql`${items.ownerId} IN (${networkOf(request.requesterId)})`,
    ownerNames: false,
  });
  const perOwner = new Map<string, number>();
  const itemIds: string[] = [];
  const ownerIds: string[] = [];
  for (const { item } of found) {
    const count = perOwner.get(item.ownerId) ?? 0;
    if (count >= MATCHES_PER_OWNER) continue;
    perOwner.set(item.ownerId, count + 1);
    itemIds.push(item.id);
    ownerIds.push(item.ownerId);
    if (itemIds.length >= MATCHES_PER_REQUEST) break;
  }
  if (itemIds.length === 0) return;
  // The recipients again, in this statement: a contact removed since the search (read committed) is not asked.
  await tx.execute(sql`
    INSERT INTO ${networkRequestMatches} (network_request_id, item_id, owner_id)
    SELECT ${request.id}, found.item_id, found.owner_id
      FROM unnest(${sql.param(itemIds)}::uuid[], ${sql.param(ownerIds)}::uuid[]) AS found(item_id, owner_id)
     WHERE found.owner_id IN (${networkOf(request.requesterId)})`);
}
