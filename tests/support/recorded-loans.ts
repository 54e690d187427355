import { eq } from 'drizzle-orm';
import type { TestApp } from './app';
import { createContact, createMutualContacts, createUser } from './factories';
import { createItem, shareWithUser } from './item-factories';
import { inDays } from './lending';
import { lendingRequests, messages } from '@/server/db/schema';

/*
 * Test support for recorded loans (issue 19; imported only by *.test.ts).
 */

/**
 * Alice owns a drill. Bob is her mutual registered contact (an open
 * messaging channel, docs/decisions/0018) and sees the drill; Carol also
 * sees it (a viewer, not its owner); Eve is an entry in Alice's address book
 * without an account; Dave is a stranger who cannot see the drill.
 */
export async function recordingParties(t: Pick<TestApp, 'db'>) {
  const owner = await createUser(t.db, { name: 'Alice' });
  const borrower = await createUser(t.db, { name: 'Bob' });
  const viewer = await createUser(t.db, { name: 'Carol' });
  const stranger = await createUser(t.db, { name: 'Dave' });
  const [borrowerEntry] = await createMutualContacts(t.db, owner, borrower);
  await createContact(t.db, owner, { contactUserId: viewer.id });
  const unregisteredEntry = await createContact(t.db, owner, { name: 'Eve' });
  const item = await createItem(t.db, owner, { name: 'Drill' });
  await shareWithUser(t.db, item, borrower);
  await shareWithUser(t.db, item, viewer);
  return { owner, borrower, viewer, stranger, borrowerEntry: borrowerEntry!, unregisteredEntry, item };
}

/** "Lent a week ago, back in a week": an ongoing loan's body; `overrides` change any field. */
export function loanBody(borrower: { contactId: string } | { name: string }, overrides: Record<string, unknown> = {}) {
  return { borrower, lentOn: inDays(-7), expectedReturnDate: inDays(7), note: 'For the shelves', ...overrides };
}

export function recordLoanAs(t: TestApp, user: { id: string } | null, itemId: string, payload: object) {
  return t.request(user, { method: 'POST', url: `/api/items/${itemId}/loans`, payload });
}

/** Records a loan through the API and answers its row. */
export async function recordedLoan(t: TestApp, owner: { id: string }, itemId: string, payload: object) {
  const response = await recordLoanAs(t, owner, itemId, payload);
  if (response.statusCode !== 201) throw new Error(`recording the loan failed: ${response.body}`);
  return loanRow(t, response.json<{ id: string }>().id);
}

export async function loanRow(t: TestApp, loanId: string) {
  const [row] = await t.db.select().from(lendingRequests).where(eq(lendingRequests.id, loanId));
  if (!row) throw new Error(`loan ${loanId} not found`);
  return row;
}

export function disputeAs(t: TestApp, user: { id: string } | null, loanId: string) {
  return t.request(user, { method: 'POST', url: `/api/lending-requests/${loanId}/dispute` });
}

/** The system messages about one loan, oldest first. */
export async function loanMessages(t: TestApp, loanId: string) {
  return t.db
    .select({
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      systemEvent: messages.systemEvent,
      systemItemName: messages.systemItemName,
      content: messages.content,
    })
    .from(messages)
    .where(eq(messages.lendingRequestId, loanId))
    .orderBy(messages.createdAt);
}
