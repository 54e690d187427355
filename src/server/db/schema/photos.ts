import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './checks';
import { items } from './items';
import { loanReports } from './loan-reports';
import { users } from './users';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * A photo's facts. It is uploaded first (`item_id` and `report_id` NULL,
 * owned by its uploader) and attached when a form is saved, so Cancel leaves
 * things as they were: to an item (its photos), or to a loan report (a
 * condition entry or a problem report, issue 36), at `position`. Its bytes
 * live behind the PhotoStore interface (src/server/photos/photo-store.ts), by
 * default in `photo_blobs`. A report's photos go with the report, and the
 * report with its loan (docs/decisions/0048).
 */
export const itemPhotos = pgTable(
  'item_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'cascade' }),
    reportId: uuid('report_id').references(() => loanReports.id, { onDelete: 'cascade' }),
    position: integer('position'),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_photos_item_idx').on(t.itemId, t.position),
    // An unsaved upload: on nothing yet (photos/unsaved-photo.ts says it the same way).
    index('item_photos_unattached_idx')
      .on(t.uploaderId, t.createdAt)
      .where(sql`${t.itemId} IS NULL AND ${t.reportId} IS NULL`),
    index('item_photos_report_idx')
      .on(t.reportId, t.position)
      .where(sql`${t.reportId} IS NOT NULL`),
    check('item_photos_content_type', oneOf(t.contentType, ['image/jpeg', 'image/png', 'image/webp'])),
    // On an item or on a report, never both; a position exactly when on one.
    check(
      'item_photos_position',
      sql`(${t.itemId} IS NULL OR ${t.reportId} IS NULL) AND (${t.itemId} IS NULL AND ${t.reportId} IS NULL) = (${t.position} IS NULL) AND ${t.position} >= 0`,
    ),
  ],
);

/**
 * The bytes of stored photos (the default PhotoStore): shared by every app
 * instance on the database. `card_bytes` is the smaller copy item cards show
 * (docs/decisions/0009-items-and-photos.md, amendment); NULL when the photo is
 * already card-sized or was stored before cards had their own copy, and then
 * cards get `bytes`. One row per photo, so the cascade removes both.
 */
export const photoBlobs = pgTable('photo_blobs', {
  photoId: uuid('photo_id')
    .primaryKey()
    .references(() => itemPhotos.id, { onDelete: 'cascade' }),
  bytes: bytea('bytes').notNull(),
  cardBytes: bytea('card_bytes'),
});
