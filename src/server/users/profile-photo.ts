import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userPhotos, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { processProfilePhoto } from '../photos/process-profile-photo';
import { etagMatches } from '../photos/read-photo';
import { authorize, type Actor } from '../policies';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import type { UserRow } from '../auth/session-store';
import { relatedToViewer } from './related-people';

/**
 * Uploads per account and hour: a person trying a few crops needs a handful;
 * each one costs a decode, so a script gets no more than this.
 */
export const PROFILE_PHOTO_UPLOADS_PER_HOUR = 20;

/**
 * The photo's address. The photo row's id changes with every upload, so a
 * new photo has a new URL and no cache shows the old one.
 */
export const profilePhotoUrl = (userId: string, photoId: string) => `/api/users/${userId}/photo?v=${photoId}`;

/**
 * PUT /api/users/profile/photo: re-encodes the upload into the stored square
 * and replaces the person's photo. The row (new id), and
 * `users.profile_image_url` that every presenter reads, change in one
 * transaction, so the URL never names a photo that is not stored. The upsert
 * on the unique user_id keeps two parallel uploads from colliding: the later
 * one wins, in both tables.
 */
export async function replaceProfilePhoto(
  db: Database,
  actor: Actor,
  upload: { bytes: Buffer; contentType: string },
): Promise<UserRow> {
  authorize(actor, 'user:update', { id: actor.id });
  // Counted before decoding: someone over the budget costs no decode.
  await consumeRateLimit(db, {
    key: `profile-photo:${actor.id}`,
    max: PROFILE_PHOTO_UPLOADS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  const photo = await processProfilePhoto(upload.bytes, upload.contentType);
  return db.transaction(async (tx) => {
    const values = {
      userId: actor.id,
      contentType: photo.contentType,
      width: photo.width,
      height: photo.height,
      byteSize: photo.bytes.length,
      bytes: photo.bytes,
    };
    const [row] = await tx
      .insert(userPhotos)
      .values(values)
      .onConflictDoUpdate({
        target: userPhotos.userId,
        set: { ...values, id: sql`gen_random_uuid()`, createdAt: sql`now()` },
      })
      .returning({ id: userPhotos.id });
    if (!row) throw new Error('The profile photo was not returned');
    const [user] = await tx
      .update(users)
      .set({ profileImageUrl: profilePhotoUrl(actor.id, row.id) })
      .where(eq(users.id, actor.id))
      .returning();
    if (!user) throw AppError.notFound();
    return user;
  });
}

/** DELETE /api/users/profile/photo: no photo afterwards (also when there was none). */
export async function removeProfilePhoto(db: Database, actor: Actor): Promise<UserRow> {
  authorize(actor, 'user:update', { id: actor.id });
  return db.transaction(async (tx) => {
    await tx.delete(userPhotos).where(eq(userPhotos.userId, actor.id));
    const [user] = await tx.update(users).set({ profileImageUrl: null }).where(eq(users.id, actor.id)).returning();
    if (!user) throw AppError.notFound();
    return user;
  });
}

export type ProfilePhotoRead =
  { status: 'not-modified'; etag: string } | { status: 'ok'; etag: string; contentType: string; bytes: Buffer };

/**
 * GET /api/users/{userId}/photo: one query loads the photo's facts with the
 * person's deleted flag and whether the actor is related to them; the policy
 * (rule `user:readPhoto`) decides. Everyone else gets 404, like a person
 * without a photo, so the route tells strangers nothing. The bytes are read
 * only after that check and only when the browser's copy is not current.
 */
export async function readProfilePhoto(
  db: Database,
  actor: Actor,
  request: { userId: string; ifNoneMatch?: string | undefined },
): Promise<ProfilePhotoRead> {
  const [row] = await db
    .select({
      id: userPhotos.id,
      userId: userPhotos.userId,
      contentType: userPhotos.contentType,
      deleted: sql<boolean>`${users.deletedAt} IS NOT NULL`,
      relatedToActor: sql<boolean>`${relatedToViewer(actor.id, request.userId)}`,
    })
    .from(userPhotos)
    .innerJoin(users, eq(users.id, userPhotos.userId))
    .where(eq(userPhotos.userId, request.userId));
  if (!row) throw AppError.notFound();
  authorize(
    actor,
    'user:readPhoto',
    { id: row.userId, deleted: row.deleted, relatedToActor: row.relatedToActor },
    { hideAs404: true },
  );

  const etag = `"${row.id}"`;
  if (request.ifNoneMatch !== undefined && etagMatches(request.ifNoneMatch, etag)) {
    return { status: 'not-modified', etag };
  }
  const [stored] = await db.select({ bytes: userPhotos.bytes }).from(userPhotos).where(eq(userPhotos.id, row.id));
  // Replaced or removed between the two reads: the caller's URL is out of date.
  if (!stored) throw AppError.notFound();
  return { status: 'ok', etag, contentType: row.contentType, bytes: stored.bytes };
}
