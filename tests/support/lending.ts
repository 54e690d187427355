import { eq } from 'drizzle-orm';
import type { TestApp } from './app';
import { createContact, createUser } from './factories';
import { createItem, shareWithUser } from './item-factories';
import { items, lendingRequests } from '@/server/db/schema';

/*
 * Test support for the lending tests (imported only by *.test.ts).
 */

/** A calendar date `days` from today in UTC. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A week from now, for a week: not in the past, within the year a request may look ahead. */
export const FROM = inDays(7);
export const UNTIL = inDays(14);

/**
 * Alice owns a drill she shared with Bob (a registered contact, "Can see"
 * ticked). Dave is a stranger: he cannot see the drill and is party to nothing.
 */
export async function lendingParties(t: TestApp) {
  const owner = await createUser(t.db, { name: 'Alice' });
  const requester = await createUser(t.db, { name: 'Bob' });
  const stranger = await createUser(t.db, { name: 'Dave' });
  await createContact(t.db, owner, { contactUserId: requester.id });
  const item = await createItem(t.db, owner, { name: 'Drill', description: 'Cordless, two batteries' });
  await shareWithUser(t.db, item, requester);
  return { owner, requester, stranger, item };
}

/** Another registered contact of the owner who may see the item (and ask for it). */
export async function addViewer(t: TestApp, owner: { id: string }, item: { id: string }, name = 'Carol') {
  const viewer = await createUser(t.db, { name });
  await createContact(t.db, owner, { contactUserId: viewer.id });
  await shareWithUser(t.db, item, viewer);
  return viewer;
}

export function borrowPayload(itemId: string, overrides: Record<string, unknown> = {}) {
  return {
    itemId,
    message: 'Could I borrow it for the shelves?',
    requestedFrom: FROM,
    expectedReturnDate: UNTIL,
    ...overrides,
  };
}

export async function itemStatus(t: TestApp, itemId: string) {
  const [row] = await t.db.select({ status: items.status }).from(items).where(eq(items.id, itemId));
  return row?.status;
}

export async function requestStatus(t: TestApp, requestId: string) {
  const [row] = await t.db
    .select({ status: lendingRequests.status })
    .from(lendingRequests)
    .where(eq(lendingRequests.id, requestId));
  return row?.status;
}
