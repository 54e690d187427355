import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createContact, createUser } from '../../../tests/support/factories';
import { addMember, createGroup } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { itemContactPermissions, itemGroupPermissions, items } from '../db/schema';
import { selectSharedItemsPage } from './item-query';

/*
 * Shares carry a copy of their item's owner (drizzle/0018), which Available
 * Items' unfiltered pages judge visibility by. The copy must follow the item.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function ownerCopies(itemId: string) {
  const db = database.db;
  const contactShares = await db.select().from(itemContactPermissions).where(eq(itemContactPermissions.itemId, itemId));
  const groupShares = await db.select().from(itemGroupPermissions).where(eq(itemGroupPermissions.itemId, itemId));
  return [...contactShares, ...groupShares].map((share) => share.itemOwnerId);
}

describe("a share's copy of its item's owner", () => {
  it('is written with the share, follows the item to a new owner, and decides what the page shows', async () => {
    const db = database.db;
    const owner = await createUser(db);
    const heir = await createUser(db);
    const viewer = await createUser(db);
    await createContact(db, owner, { contactUserId: viewer.id });
    const group = await createGroup(db, owner, { name: 'Street' });
    await addMember(db, group, viewer);
    const item = await createItem(db, owner);
    await shareWithUser(db, item, viewer);
    await shareWithGroup(db, item, group);
    expect(await ownerCopies(item.id)).toEqual([owner.id, owner.id]);

    const page = () =>
      selectSharedItemsPage(db, viewer.id, { take: 10 }).then((rows) => rows.map((row) => row.item.id));
    expect(await page()).toEqual([item.id]);

    // As when an account is deleted and a lent-out item passes to a stand-in (gdpr/delete-account.ts).
    await db.update(items).set({ ownerId: heir.id }).where(eq(items.id, item.id));
    expect(await ownerCopies(item.id)).toEqual([heir.id, heir.id]);
    // The heir is neither the viewer's contact nor in the group: the shares no longer reach the viewer.
    expect(await page()).toEqual([]);

    // A hand-edited copy is put right from the item.
    await db
      .update(itemGroupPermissions)
      .set({ itemOwnerId: owner.id })
      .where(eq(itemGroupPermissions.itemId, item.id));
    expect(await ownerCopies(item.id)).toEqual([heir.id, heir.id]);
  });
});
