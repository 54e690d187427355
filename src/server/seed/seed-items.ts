import { and, eq } from 'drizzle-orm';
import { itemFormSchema } from '../../contract/schemas/item';
import { itemContactPermissions, itemGroupPermissions, items } from '../db/schema';
import { createItem } from '../items/create-item';
import { setContactPermission, setGroupPermission } from '../items/item-permissions';
import { uploadPhoto } from '../photos/upload-photo';
import { DEMO_ITEMS, type DemoItem } from './demo-items';
import { dateInDays, daysAgo, personOf, type SeedContext, type SeededPerson } from './seed-context';
import { renderItemPhoto } from './item-photo';

/**
 * Items the way the item form saves them: the photos are uploaded first
 * (POST /api/photos: the same sharp re-encoding to WebP and the same
 * PhotoStore), then the item is created with their ids. (owner, name) is
 * the natural key; an item that exists keeps its photos.
 */
export async function seedItems(context: SeedContext): Promise<void> {
  for (const item of DEMO_ITEMS) {
    const owner = personOf(context, item.owner);
    const [existing] = await context.db
      .select({ id: items.id })
      .from(items)
      .where(and(eq(items.ownerId, owner.id), eq(items.name, item.name)))
      .limit(1);
    const itemId = existing?.id ?? (await createDemoItem(context, owner, item));
    context.items.set(item.name, { id: itemId, ownerId: owner.id });
    await shareDemoItem(context, owner, itemId, item);
  }
}

async function createDemoItem(context: SeedContext, owner: SeededPerson, item: DemoItem): Promise<string> {
  const photoIds: string[] = [];
  for (let variant = 0; variant < (item.photos ?? 1); variant++) {
    const bytes = await renderItemPhoto(item.icon, item.category, item.name, variant);
    const photo = await uploadPhoto(context.db, context.photoStore, owner, { bytes, contentType: 'image/png' });
    photoIds.push(photo.id);
  }
  // The form's own schema, so a demo item is one a person could have typed.
  const input = itemFormSchema(dateInDays(context, -1)).parse({
    name: item.name,
    description: item.description,
    category: item.category,
    status: item.inUse ? 'in_use' : 'available',
    photoIds,
    personalUseUntil: item.reservedForDays === undefined ? null : dateInDays(context, item.reservedForDays),
  });
  const created = await createItem(context.db, owner, input);
  const addedAt = daysAgo(context, item.addedDaysAgo);
  await context.db.update(items).set({ createdAt: addedAt, updatedAt: addedAt }).where(eq(items.id, created.item.id));
  context.counts.items += 1;
  context.counts.photos += photoIds.length;
  return created.item.id;
}

/**
 * "Can see" through the permission use cases (which refuse anyone who is
 * not the owner's registered contact or a group the owner is in). A share
 * that has a row already, ticked or unticked in the app since, is left alone.
 */
async function shareDemoItem(context: SeedContext, owner: SeededPerson, itemId: string, item: DemoItem) {
  const { db } = context;
  const [contactRows, groupRows] = await Promise.all([
    db
      .select({ id: itemContactPermissions.contactUserId })
      .from(itemContactPermissions)
      .where(eq(itemContactPermissions.itemId, itemId)),
    db
      .select({ id: itemGroupPermissions.groupId })
      .from(itemGroupPermissions)
      .where(eq(itemGroupPermissions.itemId, itemId)),
  ]);
  const sharedWithUsers = new Set(contactRows.map((row) => row.id));
  const sharedWithGroups = new Set(groupRows.map((row) => row.id));

  for (const username of item.contacts ?? []) {
    const contactUserId = personOf(context, username).id;
    if (sharedWithUsers.has(contactUserId)) continue;
    await setContactPermission(db, owner, { itemId, contactUserId, canView: true });
    context.counts.shares += 1;
  }
  for (const key of item.groups ?? []) {
    const groupId = context.groups.get(key);
    if (!groupId) throw new Error(`Demo group ${key} was not seeded`);
    if (sharedWithGroups.has(groupId)) continue;
    await setGroupPermission(db, owner, { itemId, groupId, canView: true });
    context.counts.shares += 1;
  }
}
