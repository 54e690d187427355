import { randomBytes } from 'node:crypto';
import type { Database } from '@/server/db/client';
import { contacts, lendingRequests, messages, users } from '@/server/db/schema';

type NewUser = typeof users.$inferInsert;
type NewContact = typeof contacts.$inferInsert;

let sequence = 0;

/** A user row with believable defaults; any field can be overridden. */
export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({
      issuer: 'https://issuer.test',
      subject: `subject-${tag}`,
      username: `user${tag}`,
      name: `Test User ${tag}`,
      email: `user${tag}@example.test`,
      language: 'en',
      ...overrides,
    })
    .returning();
  return user!;
}

/** A contact in `owner`'s address book: pending unless linked to `contactUserId`. */
export async function createContact(db: Database, owner: { id: string }, overrides: Partial<NewContact> = {}) {
  sequence += 1;
  // +41 00…: a number the phone rule accepts (no country code starts with 0).
  const digits = String(41_000_000_000 + sequence * 7919 + randomBytes(2).readUInt16BE(0));
  const [contact] = await db
    .insert(contacts)
    .values({
      userId: owner.id,
      name: `Contact ${sequence}`,
      phone: `+${digits}`,
      status: overrides.contactUserId ? 'active' : 'pending',
      ...overrides,
    })
    .returning();
  return contact!;
}

/**
 * `a` and `b` in each other's address book, linked: mutual contacts, which
 * open a messaging channel both ways (docs/decisions/0018); a one-sided
 * entry does not.
 */
export async function createMutualContacts(db: Database, a: { id: string }, b: { id: string }) {
  return [await createContact(db, a, { contactUserId: b.id }), await createContact(db, b, { contactUserId: a.id })];
}

type NewMessageRow = typeof messages.$inferInsert;

/** A message from `sender` to `receiver` (a user message unless overridden), written straight to the table. */
export async function createMessage(
  db: Database,
  sender: { id: string },
  receiver: { id: string },
  overrides: Partial<NewMessageRow> = {},
) {
  sequence += 1;
  const [message] = await db
    .insert(messages)
    .values({ senderId: sender.id, receiverId: receiver.id, content: `Message ${sequence}`, ...overrides })
    .returning();
  return message!;
}

type NewLendingRequestRow = typeof lendingRequests.$inferInsert;

/**
 * A lending request by `requester` for `item` (pending unless overridden),
 * written straight to the table: the item's status is the caller's business.
 */
export async function createLendingRequest(
  db: Database,
  item: { id: string; ownerId: string },
  requester: { id: string },
  overrides: Partial<NewLendingRequestRow> = {},
) {
  sequence += 1;
  const [request] = await db
    .insert(lendingRequests)
    .values({
      itemId: item.id,
      requesterId: requester.id,
      ownerId: item.ownerId,
      message: `May I borrow it? (${sequence})`,
      requestedFrom: '2099-01-01',
      expectedReturnDate: '2099-01-08',
      ...overrides,
    })
    .returning();
  return request!;
}
