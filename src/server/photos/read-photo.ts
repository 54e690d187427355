import { eq, sql } from 'drizzle-orm';
import type { PhotoSize } from '../../contract/schemas/item';
import type { Database } from '../db/client';
import { itemPhotos, items, lendingRequests, loanReports } from '../db/schema';
import { AppError } from '../http/app-error';
import { visibleToViewer } from '../items/item-visibility';
import { authorize, type Actor, type PhotoAccess } from '../policies';
import type { PhotoStore } from './photo-store';

export interface PhotoFacts {
  id: string;
  contentType: string;
  /**
   * A stored photo never changes (an edit uploads a new one), so its id and
   * size are its version. A photo without a card copy serves its full image
   * as the card for good, so the card's tag never has to change either.
   */
  etag: string;
}

export type PhotoRead =
  { status: 'not-modified'; photo: PhotoFacts } | { status: 'ok'; photo: PhotoFacts; bytes: Buffer };

/**
 * GET /api/photos/{id}: the photo's facts and whether the actor may see its
 * item come from ONE query that uses the item visibility rule, then the
 * policy decides: the uploader until it is saved, afterwards whoever may
 * read the item, or the loan's two people for a loan report's photo (issue 36). Everyone else gets 404, as for a photo that
 * does not exist, so ids reveal nothing.
 *
 * `ifNoneMatch` is answered only after that check: a viewer whose access was
 * removed gets 404 even for bytes their browser still holds. `size` picks
 * the copy; both are behind the same check.
 */
export async function readPhoto(
  db: Database,
  store: PhotoStore,
  actor: Actor,
  request: { photoId: string; size: PhotoSize; ifNoneMatch?: string | undefined },
): Promise<PhotoRead> {
  const { photoId, size, ifNoneMatch } = request;
  const [row] = await db
    .select({
      id: itemPhotos.id,
      uploaderId: itemPhotos.uploaderId,
      contentType: itemPhotos.contentType,
      itemOwnerId: items.ownerId,
      visibleToActor: sql<boolean>`COALESCE(${visibleToViewer(actor.id)}, false)`,
      loanOwnerId: lendingRequests.ownerId,
      loanRequesterId: lendingRequests.requesterId,
    })
    .from(itemPhotos)
    .leftJoin(items, eq(items.id, itemPhotos.itemId))
    .leftJoin(loanReports, eq(loanReports.id, itemPhotos.reportId))
    .leftJoin(lendingRequests, eq(lendingRequests.id, loanReports.lendingRequestId))
    .where(eq(itemPhotos.id, photoId));
  if (!row) throw AppError.notFound();
  const access: PhotoAccess = {
    uploaderId: row.uploaderId,
    item: row.itemOwnerId === null ? null : { ownerId: row.itemOwnerId, visibleToActor: row.visibleToActor },
    loan: row.loanOwnerId === null ? null : { ownerId: row.loanOwnerId, requesterId: row.loanRequesterId },
  };
  authorize(actor, 'photo:read', access, { hideAs404: true });

  const photo: PhotoFacts = { id: row.id, contentType: row.contentType, etag: photoEtag(row.id, size) };
  if (ifNoneMatch !== undefined && etagMatches(ifNoneMatch, photo.etag)) return { status: 'not-modified', photo };
  const bytes = await store.read(row.id, size);
  // Deleted between the two reads (the item saved without it, or deleted).
  if (!bytes) throw AppError.notFound();
  return { status: 'ok', photo, bytes };
}

/** The full image keeps the tag it had before cards got their own copy, so browsers' copies stay valid. */
export const photoEtag = (photoId: string, size: PhotoSize) =>
  size === 'full' ? `"${photoId}"` : `"${photoId}-${size}"`;

/** RFC 9110 §13.1.2: `*` or a list of tags, compared weakly (a `W/` prefix is ignored). */
export function etagMatches(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}
