import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { contacts, groupMembers, groups, itemContactPermissions, itemGroupPermissions, items } from '../db/schema';
import { selectSharedItemsPage } from './item-query';

/*
 * Each share's `path_holds` (drizzle/0019) stands for the owner's side of
 * the visibility rule: the owner still has the contact as a registered
 * contact, or is still a member of the group. Triggers keep it. Here every
 * way those facts change is made, by the statements the app's use cases
 * issue and by hand, and after each step every share's flag must equal the
 * rule written out in full, and the page must show what the rule allows.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** Shares whose flag differs from the rule computed from scratch: must always be none. */
async function wrongFlags(): Promise<string[]> {
  const { rows } = await database.db.execute<{ share: string }>(sql`
    SELECT 'contact ' || icp.item_id || ' ' || icp.contact_user_id AS share
      FROM item_contact_permissions icp JOIN items i ON i.id = icp.item_id
     WHERE icp.path_holds IS DISTINCT FROM EXISTS (
             SELECT 1 FROM contacts c WHERE c.user_id = i.owner_id AND c.contact_user_id = icp.contact_user_id)
    UNION ALL
    SELECT 'group ' || igp.item_id || ' ' || igp.group_id
      FROM item_group_permissions igp JOIN items i ON i.id = igp.item_id
     WHERE igp.path_holds IS DISTINCT FROM EXISTS (
             SELECT 1 FROM group_members m WHERE m.group_id = igp.group_id AND m.user_id = i.owner_id)`);
  return rows.map((row) => row.share);
}

async function pageOf(viewerId: string): Promise<string[]> {
  const rows = await selectSharedItemsPage(database.db, viewerId, { take: 50 });
  return rows.map((row) => row.item.id).sort();
}

describe("a share's path_holds", () => {
  it('follows contact entries: added, removed, added again, linked later, moved to another person', async () => {
    const db = database.db;
    const owner = await createUser(db);
    const viewer = await createUser(db);
    const other = await createUser(db);
    const item = await createItem(db, owner);
    // Shared while the viewer is a registered contact.
    const entry = await createContact(db, owner, { contactUserId: viewer.id });
    await shareWithUser(db, item, viewer);
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([item.id]);

    // Removing the contact hides the item at once; the tick stays, so adding them back shows it again.
    await db.delete(contacts).where(eq(contacts.id, entry.id));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([]);
    const again = await createContact(db, owner, { contactUserId: viewer.id });
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([item.id]);

    // The entry turned to another person (as linking an invitation rewrites contact_user_id).
    await shareWithUser(db, item, other);
    expect(await pageOf(other.id)).toEqual([]);
    await db.update(contacts).set({ contactUserId: other.id }).where(eq(contacts.id, again.id));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([]);
    expect(await pageOf(other.id)).toEqual([item.id]);

    // An entry without an account yet, linked when its person registers.
    const invited = await createContact(db, owner, { contactUserId: null, name: 'Invited', email: 'inv@example.com' });
    await db.update(contacts).set({ contactUserId: viewer.id }).where(eq(contacts.id, invited.id));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([item.id]);

    // An edit that leaves the link alone changes nothing.
    await db.update(contacts).set({ notes: 'lends me his ladder' }).where(eq(contacts.id, invited.id));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([item.id]);
  });

  it('follows memberships: joined, left, joined again, several at once, the group deleted', async () => {
    const db = database.db;
    const owner = await createUser(db);
    const viewer = await createUser(db);
    const group = await createGroup(db, owner, { name: 'Garden club' });
    const second = await createGroup(db, viewer, { name: 'Workshop' });
    await addMember(db, group, viewer);
    const first = await createItem(db, owner);
    const later = await createItem(db, owner);
    await shareWithGroup(db, first, group);
    await shareWithGroup(db, later, group);
    // Shared with a group the owner is not (yet) in: the share waits.
    await shareWithGroup(db, first, second);
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([first.id, later.id].sort());

    // The owner leaves: both shares stop at once. Joining again brings them back.
    await db.delete(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.userId, owner.id)));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([]);
    await addMember(db, second, owner);
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([first.id]);
    await addMember(db, group, owner);
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([first.id, later.id].sort());

    // Several memberships ended by one statement.
    await db
      .delete(groupMembers)
      .where(and(eq(groupMembers.userId, owner.id), inArray(groupMembers.groupId, [group.id, second.id])));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([]);
    await addMember(db, group, owner);
    await addMember(db, second, owner);
    // A role change rewrites the membership row and must keep the flags.
    await db.update(groupMembers).set({ role: 'admin' }).where(eq(groupMembers.userId, owner.id));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([first.id, later.id].sort());

    // Deleting a group removes its members and its shares together.
    await db.delete(groups).where(eq(groups.id, group.id));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([first.id]);
  });

  it('is computed for a share written, moved or whose item changes owner', async () => {
    const db = database.db;
    const owner = await createUser(db);
    const heir = await createUser(db);
    const viewer = await createUser(db);
    await createContact(db, heir, { contactUserId: viewer.id });
    const group = await createGroup(db, heir, { name: 'Heirs' });
    await addMember(db, group, viewer);
    const item = await createItem(db, owner);
    await shareWithUser(db, item, viewer);
    await shareWithGroup(db, item, group);
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([]);

    // The item passes to a stand-in owner (gdpr/delete-account.ts) who reaches the viewer both ways.
    await db.update(items).set({ ownerId: heir.id }).where(eq(items.id, item.id));
    expect(await wrongFlags()).toEqual([]);
    expect(await pageOf(viewer.id)).toEqual([item.id]);

    // A hand-set flag is put right by any rewrite of the share's keys, and unticking hides the item.
    await db
      .update(itemGroupPermissions)
      .set({ pathHolds: false, groupId: group.id })
      .where(eq(itemGroupPermissions.itemId, item.id));
    await db
      .update(itemContactPermissions)
      .set({ pathHolds: false, contactUserId: viewer.id })
      .where(eq(itemContactPermissions.itemId, item.id));
    expect(await wrongFlags()).toEqual([]);
    await db.update(itemContactPermissions).set({ canView: false }).where(eq(itemContactPermissions.itemId, item.id));
    await db.update(itemGroupPermissions).set({ canView: false }).where(eq(itemGroupPermissions.itemId, item.id));
    expect(await pageOf(viewer.id)).toEqual([]);
  });
});
