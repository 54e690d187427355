import { and, eq } from 'drizzle-orm';
import type { PhotoSize } from '@/contract/schemas/item';
import type { Database } from '../../db/client';
import { itemPhotos } from '../../db/schema';
import { AppError } from '../../http/app-error';
import type { PhotoStore } from '../../photos/photo-store';
import { photoEtag } from '../../photos/read-photo';
import { findLinkedLoan, linkPhotosOf } from './borrower-loan';

/**
 * GET /api/loan-links/{token}/photos/{photoId}: one of the photos the link
 * shows (the item's, and the owner's hand-out photos of this loan), checked
 * on every read like any photo; any other id is 404.
 */
export async function readLinkPhoto(
  db: Database,
  store: PhotoStore,
  token: string,
  photoId: string,
  size: PhotoSize,
): Promise<{ contentType: string; etag: string; bytes: Buffer }> {
  const { loan } = await findLinkedLoan(db, token, { lock: false });
  const [photo] = await db
    .select({ id: itemPhotos.id, contentType: itemPhotos.contentType })
    .from(itemPhotos)
    .where(and(eq(itemPhotos.id, photoId), linkPhotosOf(loan)));
  if (!photo) throw AppError.notFound();
  const bytes = await store.read(photo.id, size);
  if (!bytes) throw AppError.notFound();
  return { contentType: photo.contentType, etag: photoEtag(photo.id, size), bytes };
}
