import type { Database } from '@/server/db/client';
import { itemContactPermissions, itemGroupPermissions, items } from '@/server/db/schema';

type NewItem = typeof items.$inferInsert;

let sequence = 0;

/** An available item of `owner`; any column can be overridden. */
export async function createItem(db: Database, owner: { id: string }, overrides: Partial<NewItem> = {}) {
  sequence += 1;
  const [item] = await db
    .insert(items)
    .values({ ownerId: owner.id, name: `Item ${sequence}`, category: 'tools', ...overrides })
    .returning();
  return item!;
}

/** Ticks "Can see" for a registered contact (the contact row itself is the caller's business). */
export async function shareWithUser(db: Database, item: { id: string }, user: { id: string }, canView = true) {
  await db.insert(itemContactPermissions).values({ itemId: item.id, contactUserId: user.id, canView });
}

export async function shareWithGroup(db: Database, item: { id: string }, group: { id: string }, canView = true) {
  await db.insert(itemGroupPermissions).values({ itemId: item.id, groupId: group.id, canView });
}
