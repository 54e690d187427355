import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { contacts, groupJoinRequests, groupMembers, groups, items, lendingRequests, messages, users } from './schema';

/** The database itself keeps the data right, whatever the application does. */

/**
 * A value the column's type refuses, sent as a bound parameter anyway so that
 * the database's CHECK is what rejects it.
 */
const outsideEnum = (value: string) => sql`${value}`;

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** Resolves to the violated constraint's name. */
async function violation(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause;
    return cause?.constraint ?? (error as { constraint?: string }).constraint;
  }
  throw new Error('expected a constraint violation');
}

async function newGroup(adminId: string, code: string) {
  const [group] = await database.db.insert(groups).values({ name: 'Neighbours', groupCode: code, adminId }).returning();
  return group!;
}

async function newItem(ownerId: string) {
  const [item] = await database.db.insert(items).values({ ownerId, name: 'Drill', category: 'tools' }).returning();
  return item!;
}

describe('users', () => {
  it('keeps usernames unique and well-formed, and checks enums', async () => {
    const user = await createUser(database.db);
    expect(await violation(createUser(database.db, { username: user.username }))).toBe('users_username_key');
    expect(await violation(createUser(database.db, { username: 'Has Space' }))).toBe('users_username_format');
    expect(
      await violation(
        database.db
          .update(users)
          .set({ language: outsideEnum('es') })
          .where(eq(users.id, user.id)),
      ),
    ).toBe('users_language');
    expect(await violation(createUser(database.db, { phone: '0791234567' }))).toBe('users_phone_format');
    expect(await violation(createUser(database.db, { subject: user.subject }))).toBe('users_issuer_subject_key');
  });
});

describe('groups', () => {
  it('needs a unique 10-digit code and 2–100 members', async () => {
    const admin = await createUser(database.db);
    await newGroup(admin.id, '1234567890');
    expect(await violation(newGroup(admin.id, '1234567890'))).toBe('groups_code_key');
    expect(await violation(newGroup(admin.id, '12345'))).toBe('groups_code_format');
    expect(
      await violation(
        database.db.insert(groups).values({ name: 'X', groupCode: '1111111111', adminId: admin.id, maxMembers: 101 }),
      ),
    ).toBe('groups_max_members_range');
  });

  it('allows one membership per user and group, and one pending join request', async () => {
    const admin = await createUser(database.db);
    const member = await createUser(database.db);
    const group = await newGroup(admin.id, '2222222222');
    await database.db.insert(groupMembers).values({ groupId: group.id, userId: member.id });
    expect(await violation(database.db.insert(groupMembers).values({ groupId: group.id, userId: member.id }))).toBe(
      'group_members_group_user_key',
    );
    await database.db.insert(groupJoinRequests).values({ groupId: group.id, userId: admin.id });
    expect(await violation(database.db.insert(groupJoinRequests).values({ groupId: group.id, userId: admin.id }))).toBe(
      'group_join_requests_pending_key',
    );
    // A decided request does not block a new one.
    await database.db.insert(groupJoinRequests).values({ groupId: group.id, userId: member.id, status: 'denied' });
    await database.db.insert(groupJoinRequests).values({ groupId: group.id, userId: member.id });
  });

  it('refuses to delete a user who still administers a group, but deleting a group removes its memberships', async () => {
    const admin = await createUser(database.db);
    const group = await newGroup(admin.id, '3333333333');
    await database.db.insert(groupMembers).values({ groupId: group.id, userId: admin.id, role: 'admin' });
    expect(await violation(database.db.delete(users).where(eq(users.id, admin.id)))).toBe(
      'groups_admin_id_users_id_fk',
    );
    await database.db.delete(groups).where(eq(groups.id, group.id));
    expect(await database.db.$count(groupMembers, eq(groupMembers.groupId, group.id))).toBe(0);
  });
});

describe('lending requests', () => {
  it('allows accepted-or-borrowed requests of an item only for days that do not overlap (docs/decisions/0047)', async () => {
    const owner = await createUser(database.db);
    const [first, second] = [await createUser(database.db), await createUser(database.db)];
    const item = await newItem(owner.id);
    const base = { itemId: item.id, ownerId: owner.id, message: 'May I?' };
    const days = { requestedFrom: '2099-01-01', expectedReturnDate: '2099-01-08' };
    await database.db.insert(lendingRequests).values({ ...base, ...days, requesterId: first.id, status: 'accepted' });
    expect(
      await violation(
        database.db
          .insert(lendingRequests)
          .values({ ...base, requesterId: second.id, status: 'borrowed', requestedFrom: '2099-01-08' }),
      ),
    ).toBe('item_holds_never_overlap');
    const third = await createUser(database.db);
    await database.db.insert(lendingRequests).values({
      ...base,
      requesterId: third.id,
      status: 'accepted',
      requestedFrom: '2099-01-09',
      expectedReturnDate: '2099-01-10',
    });
    // Pending, declined and returned ones are fine beside it.
    await database.db.insert(lendingRequests).values({ ...base, requesterId: second.id, status: 'pending' });
  });

  it('allows one open request per requester and item, and none for the own item', async () => {
    const owner = await createUser(database.db);
    const requester = await createUser(database.db);
    const item = await newItem(owner.id);
    const base = { itemId: item.id, ownerId: owner.id, requesterId: requester.id, message: 'Please' };
    await database.db.insert(lendingRequests).values({ ...base, status: 'declined' });
    await database.db.insert(lendingRequests).values(base);
    expect(await violation(database.db.insert(lendingRequests).values(base))).toBe(
      'lending_requests_one_open_per_requester',
    );
    expect(await violation(database.db.insert(lendingRequests).values({ ...base, requesterId: owner.id }))).toBe(
      'lending_requests_not_own_item',
    );
    expect(
      await violation(
        database.db
          .insert(lendingRequests)
          .values({ ...base, status: 'withdrawn', requestedFrom: '2026-05-02', expectedReturnDate: '2026-05-01' }),
      ),
    ).toBe('lending_requests_dates_ordered');
  });
});

describe('items, contacts and messages', () => {
  it('checks categories, statuses and lengths', async () => {
    const owner = await createUser(database.db);
    expect(
      await violation(
        database.db.insert(items).values({ ownerId: owner.id, name: 'X', category: outsideEnum('cars') }),
      ),
    ).toBe('items_category');
    expect(
      await violation(
        database.db.insert(items).values({ ownerId: owner.id, name: 'x'.repeat(101), category: 'tools' }),
      ),
    ).toBe('items_name_length');
    expect(
      await violation(
        database.db
          .insert(messages)
          .values({ senderId: owner.id, receiverId: owner.id, content: 'hi', messageType: outsideEnum('spam') }),
      ),
    ).toBe('messages_type');
  });

  it("refuses duplicate phone numbers among one user's contacts", async () => {
    const owner = await createUser(database.db);
    await database.db.insert(contacts).values({ userId: owner.id, name: 'Bea', phone: '+41791234567' });
    expect(
      await violation(
        database.db.insert(contacts).values({ userId: owner.id, name: 'Bea again', phone: '+41791234567' }),
      ),
    ).toBe('contacts_user_phone_key');
    const other = await createUser(database.db);
    await database.db.insert(contacts).values({ userId: other.id, name: 'Bea', phone: '+41791234567' });
  });
});
