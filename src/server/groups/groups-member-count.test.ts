import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createUser } from '../../../tests/support/factories';
import { addMember, createGroup as insertGroup } from '../../../tests/support/group-factories';
import { createGroupSchema } from '../../contract/schemas/group';
import { groupMembers, groups } from '../db/schema';
import { deleteAccount } from '../gdpr/delete-account';
import { createGroup } from './create-group';
import { deleteGroup } from './delete-group';
import { createJoinRequest, decideJoinRequest } from './join-requests';
import { discoverGroups } from './list-groups';
import { removeMember, transferAdmin } from './membership';

/*
 * A group's `member_count` (drizzle/0023) is kept by statement triggers on
 * group_members. Every way memberships change is made here, by the app's
 * use cases and by statements that touch several groups at once, and after
 * each step every group's count must equal count(*) of its memberships.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** Groups whose kept count differs from their memberships counted from scratch: must always be none. */
async function wrongCounts(): Promise<{ id: string; kept: number; counted: number }[]> {
  const { rows } = await database.db.execute<{ id: string; kept: number; counted: number }>(sql`
    SELECT g.id, g.member_count AS kept, (SELECT count(*)::int FROM group_members m WHERE m.group_id = g.id) AS counted
      FROM groups g
     WHERE g.member_count <> (SELECT count(*) FROM group_members m WHERE m.group_id = g.id)`);
  return rows;
}

async function keptCount(groupId: string): Promise<number | undefined> {
  const [row] = await database.db.select({ count: groups.memberCount }).from(groups).where(eq(groups.id, groupId));
  return row?.count;
}

describe("a group's member count", () => {
  it('follows the use cases: create, join by request, leave, remove, hand over, delete', async () => {
    const db = database.db;
    const [admin, joiner, other] = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const created = await createGroup(db, admin, createGroupSchema.parse({ name: 'Tool library', maxMembers: 10 }));
    const groupId = created.group.id;
    expect(created.memberCount).toBe(1);
    expect(await wrongCounts()).toEqual([]);

    for (const user of [joiner, other]) {
      const request = await createJoinRequest(db, user, groupId, { requestMessage: null });
      await decideJoinRequest(db, admin, request.request.id, 'approve', null);
    }
    expect(await keptCount(groupId)).toBe(3);
    expect(await wrongCounts()).toEqual([]);

    // A role changed moves no membership: the count stays.
    await transferAdmin(db, admin, groupId, joiner.id);
    expect(await keptCount(groupId)).toBe(3);

    await removeMember(db, joiner, groupId, other.id); // the new admin removes someone
    await removeMember(db, admin, groupId, admin.id); // the old admin leaves
    expect(await keptCount(groupId)).toBe(1);
    expect(await wrongCounts()).toEqual([]);

    // Discover shows the kept count.
    const listed = await discoverGroups(db, other, { radiusKm: 10 });
    expect(listed.find((row) => row.group.id === groupId)?.memberCount).toBe(1);

    // Deleting the group deletes its memberships in the same statement; nothing is left to count.
    await deleteGroup(db, joiner, groupId);
    expect(await keptCount(groupId)).toBeUndefined();
    expect(await wrongCounts()).toEqual([]);
  });

  it('follows statements that change several groups at once', async () => {
    const db = database.db;
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(db)));
    const [a, b] = await Promise.all([insertGroup(db, people[0]!), insertGroup(db, people[1]!)]);
    // One INSERT into two groups.
    await db
      .insert(groupMembers)
      .values([
        ...people.slice(2, 5).map((person) => ({ groupId: a.id, userId: person.id })),
        ...people.slice(2, 4).map((person) => ({ groupId: b.id, userId: person.id })),
      ]);
    expect([await keptCount(a.id), await keptCount(b.id)]).toEqual([4, 3]);

    // Memberships moved from one group to the other (no use case does this; the count must hold anyway).
    await db
      .update(groupMembers)
      .set({ groupId: b.id })
      .where(sql`${groupMembers.groupId} = ${a.id} AND ${groupMembers.userId} = ${people[4]!.id}`);
    expect([await keptCount(a.id), await keptCount(b.id)]).toEqual([3, 4]);
    expect(await wrongCounts()).toEqual([]);

    // One DELETE across both groups.
    await db.delete(groupMembers).where(inArray(groupMembers.userId, [people[2]!.id, people[3]!.id]));
    expect([await keptCount(a.id), await keptCount(b.id)]).toEqual([1, 2]);
    expect(await wrongCounts()).toEqual([]);

    // A rolled-back join leaves the count as it was.
    await db
      .transaction(async (tx) => {
        await addMember(tx, a, people[5]!);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await keptCount(a.id)).toBe(1);
  });

  it('follows an account deleted from several groups', async () => {
    const db = database.db;
    const [admin, leaving] = await Promise.all([createUser(db), createUser(db)]);
    const [first, second] = await Promise.all([insertGroup(db, admin), insertGroup(db, admin)]);
    await addMember(db, first, leaving);
    await addMember(db, second, leaving);
    expect([await keptCount(first.id), await keptCount(second.id)]).toEqual([2, 2]);
    await deleteAccount(db, leaving, leaving.id);
    expect([await keptCount(first.id), await keptCount(second.id)]).toEqual([1, 1]);
    expect(await wrongCounts()).toEqual([]);
  });
});
