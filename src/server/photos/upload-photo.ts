import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { LIMITS } from '../../contract/limits';
import { photoUrl, type ItemPhoto } from '../../contract/schemas/item';
import type { Database, DbOrTx } from '../db/client';
import { itemPhotos } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';
import type { PhotoStore } from './photo-store';
import { processPhoto } from './process-photo';
import { stagePhoto, storeItemPhoto } from './store-item-photo';
import { isUnsavedPhoto } from '../db/photo-places';

/** An upload not saved with an item within this time is abandoned (the form was closed or cancelled). */
const UNSAVED_LIFETIME = sql`interval '24 hours'`;

/**
 * POST /api/photos: stores a photo for the item form (or a loan's condition or problem form, issue 36) the actor has open. It
 * belongs to the actor alone until the form is saved (attach-photos.ts).
 *
 * Abuse cap: at most LIMITS.photoUploadsPerDay photos not saved with an
 * item, counted from `item_photos` itself (the partial index
 * item_photos_unattached_idx) rather than a rate-limit counter. What we cap
 * is storage nobody uses, and the count measures exactly that: photos saved
 * with an item or a loan report leave it, refused uploads never enter it, and nothing can
 * drift out of step with the rows. A per-user lock makes the count and the
 * insert one step, so parallel uploads cannot pass the cap together.
 */
export async function uploadPhoto(
  db: Database,
  store: PhotoStore,
  actor: Actor,
  upload: { bytes: Buffer; contentType: string },
): Promise<ItemPhoto> {
  // Cheap refusal first: someone at the cap costs no decoding.
  await ensureUnderDailyCap(db, actor);
  const photo = await processPhoto(upload.bytes, upload.contentType);
  // Outside the transaction and its per-user lock: a slow bucket holds no connection.
  const staged = await stagePhoto(store, photo);

  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`photo-uploads:${actor.id}`}, 0))`);
    await deleteAbandonedUploads(tx, actor);
    await ensureUnderDailyCap(tx, actor);
    return storeItemPhoto(tx, store, actor, staged);
  });
  return { id, url: photoUrl(id) };
}

async function ensureUnderDailyCap(db: DbOrTx, actor: Actor): Promise<void> {
  const [row] = await db
    .select({
      unsaved: count(),
      // Retry-After: when the oldest counted upload stops counting (at least 1 s).
      secondsUntilFree:
        sql`greatest(1, ceil(extract(epoch from min(${itemPhotos.createdAt}) + ${UNSAVED_LIFETIME} - now())))`.mapWith(
          Number,
        ),
    })
    .from(itemPhotos)
    .where(
      and(
        eq(itemPhotos.uploaderId, actor.id),
        isUnsavedPhoto(),
        gte(itemPhotos.createdAt, sql`now() - ${UNSAVED_LIFETIME}`),
      ),
    );
  if ((row?.unsaved ?? 0) >= LIMITS.photoUploadsPerDay) {
    throw AppError.tooManyRequests('Daily limit of unsaved photo uploads reached', row?.secondsUntilFree ?? 1);
  }
}

/**
 * Housekeeping on the uploader's own time: their uploads never saved with an
 * item go after a day (bytes by cascade). Cheap (the partial index) and
 * needs no scheduler. With the cap, nobody holds more than
 * LIMITS.photoUploadsPerDay unsaved photos at any time; those of someone who
 * never uploads again stay until their account goes.
 */
async function deleteAbandonedUploads(tx: DbOrTx, actor: Actor): Promise<void> {
  await tx
    .delete(itemPhotos)
    .where(
      and(
        eq(itemPhotos.uploaderId, actor.id),
        isUnsavedPhoto(),
        lt(itemPhotos.createdAt, sql`now() - ${UNSAVED_LIFETIME}`),
      ),
    );
}
