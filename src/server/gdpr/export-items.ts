import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { groups, itemContactPermissions, itemGroupPermissions, itemPhotos, items, users } from '../db/schema';
import type { PhotoStore } from '../photos/photo-store';
import { iso, keyset, pages } from './export-pages';

const itemKeys = keyset(items.createdAt, items.id);

/**
 * The person's items, each with whom it is shared (people by name and
 * username, groups by name) and its photos embedded as base64. A page of
 * items costs three queries (items, shares, photo facts); photo bytes are
 * read and written one photo at a time, so memory holds one photo, never
 * a page of them.
 */
export async function* exportItems(
  db: Database,
  userId: string,
  batchSize: number,
  photoStore: PhotoStore,
): AsyncGenerator<string> {
  yield '[';
  let firstItem = true;
  const itemPages = pages(batchSize, (after, limit) =>
    db
      .select({ item: items, id: items.id, cursorAt: itemKeys.cursorAt })
      .from(items)
      .where(and(eq(items.ownerId, userId), itemKeys.after(after)))
      .orderBy(...itemKeys.orderBy)
      .limit(limit),
  );
  for await (const page of itemPages) {
    const ids = page.map((row) => row.id);
    const [people, sharedGroups, photos] = await Promise.all([
      db
        .select({
          itemId: itemContactPermissions.itemId,
          userId: users.id,
          name: users.name,
          username: users.username,
          canView: itemContactPermissions.canView,
        })
        .from(itemContactPermissions)
        .innerJoin(users, eq(users.id, itemContactPermissions.contactUserId))
        .where(inArray(itemContactPermissions.itemId, ids)),
      db
        .select({
          itemId: itemGroupPermissions.itemId,
          groupId: groups.id,
          name: groups.name,
          canView: itemGroupPermissions.canView,
        })
        .from(itemGroupPermissions)
        .innerJoin(groups, eq(groups.id, itemGroupPermissions.groupId))
        .where(inArray(itemGroupPermissions.itemId, ids)),
      db
        .select()
        .from(itemPhotos)
        .where(and(inArray(itemPhotos.itemId, ids), isNotNull(itemPhotos.itemId)))
        .orderBy(asc(itemPhotos.itemId), asc(itemPhotos.position)),
    ]);
    for (const { item } of page) {
      const value = {
        id: item.id,
        name: item.name,
        description: item.description,
        category: item.category,
        status: item.status,
        imageUrl: item.imageUrl,
        personalUseUntil: item.personalUseUntil,
        createdAt: iso(item.createdAt),
        updatedAt: iso(item.updatedAt),
        sharedWith: {
          people: people
            .filter((share) => share.itemId === item.id)
            .map(({ userId: id, name, username, canView }) => ({ userId: id, name, username, canView })),
          groups: sharedGroups
            .filter((share) => share.itemId === item.id)
            .map(({ groupId, name, canView }) => ({ groupId, name, canView })),
        },
      };
      // The item object without its closing brace, then its photos one by one.
      yield `${firstItem ? '' : ','}${JSON.stringify(value).slice(0, -1)},"photos":[`;
      firstItem = false;
      let firstPhoto = true;
      for (const photo of photos.filter((p) => p.itemId === item.id)) {
        const bytes = await photoStore.read(photo.id, 'full');
        if (!bytes) continue; // deleted while the export ran
        yield (
          (firstPhoto ? '' : ',') +
          JSON.stringify({
            id: photo.id,
            position: photo.position,
            contentType: photo.contentType,
            width: photo.width,
            height: photo.height,
            byteSize: photo.byteSize,
            createdAt: iso(photo.createdAt),
            dataBase64: bytes.toString('base64'),
          })
        );
        firstPhoto = false;
      }
      yield ']}';
    }
  }
  yield ']';
}
