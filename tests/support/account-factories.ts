import type { Database } from '@/server/db/client';
import {
  feedback,
  itemPhotos,
  loginHistory,
  networkRequestResponses,
  networkRequests,
  photoBlobs,
  userPhotos,
} from '@/server/db/schema';

/**
 * Rows the account export and deletion tests need beyond the feature
 * factories, written straight to the tables; any column can be overridden.
 */
let sequence = 0;

export async function createNetworkRequest(
  db: Database,
  requester: { id: string },
  overrides: Partial<typeof networkRequests.$inferInsert> = {},
) {
  sequence += 1;
  const [row] = await db
    .insert(networkRequests)
    .values({ requesterId: requester.id, title: `Looking for thing ${sequence}`, ...overrides })
    .returning();
  return row!;
}

export async function createNetworkResponse(
  db: Database,
  request: { id: string },
  responder: { id: string },
  overrides: Partial<typeof networkRequestResponses.$inferInsert> = {},
) {
  const [row] = await db
    .insert(networkRequestResponses)
    .values({ networkRequestId: request.id, responderId: responder.id, response: 'have_it', ...overrides })
    .returning();
  return row!;
}

export async function createFeedback(
  db: Database,
  user: { id: string },
  overrides: Partial<typeof feedback.$inferInsert> = {},
) {
  const [row] = await db
    .insert(feedback)
    .values({ userId: user.id, rating: 4, feedback: 'Nice app', ...overrides })
    .returning();
  return row!;
}

export async function createLoginHistory(
  db: Database,
  user: { id: string },
  overrides: Partial<typeof loginHistory.$inferInsert> = {},
) {
  const [row] = await db
    .insert(loginHistory)
    .values({ userId: user.id, loginMethod: 'oidc', userAgent: 'Test Browser', ipAddress: '192.0.2.1', ...overrides })
    .returning();
  return row!;
}

/** A profile photo with the given bytes (not a real image: the tests read bytes back, nobody decodes them). */
export async function createUserPhoto(db: Database, user: { id: string }, bytes = Buffer.from('profile-photo-bytes')) {
  const [row] = await db
    .insert(userPhotos)
    .values({ userId: user.id, contentType: 'image/webp', width: 64, height: 64, byteSize: bytes.length, bytes })
    .returning();
  return row!;
}

/** A photo attached to `item` at `position`, its bytes in photo_blobs. */
export async function createItemPhoto(
  db: Database,
  item: { id: string; ownerId: string },
  position = 0,
  bytes = Buffer.from(`item-photo-${position}`),
) {
  const [row] = await db
    .insert(itemPhotos)
    .values({
      uploaderId: item.ownerId,
      itemId: item.id,
      position,
      contentType: 'image/webp',
      width: 100,
      height: 80,
      byteSize: bytes.length,
    })
    .returning();
  await db.insert(photoBlobs).values({ photoId: row!.id, bytes, cardBytes: null });
  return row!;
}
