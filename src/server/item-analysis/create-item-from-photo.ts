import type { Language } from '../../contract/enums';
import { LIMITS } from '../../contract/limits';
import type { ItemAnalysis } from '../../contract/schemas/item-creation';
import type { Database } from '../db/client';
import { itemPhotos, items } from '../db/schema';
import { AppError } from '../http/app-error';
import { findOwnItem } from '../items/find-own-item';
import type { OwnItemRow } from '../items/item-query';
import { setItemPhotos } from '../photos/attach-photos';
import type { PhotoStore } from '../photos/photo-store';
import { checkUpload, processPhoto } from '../photos/process-photo';
import type { Actor } from '../policies';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import type { ItemAnalyzer } from './item-analyzer';

export interface PhotoForAnalysis {
  /** The client's 512 px copy, to analyse. */
  aiImage: Buffer;
  /** The client's 1024 px copy, kept as the item's photo. */
  displayImage: Buffer;
  language: Language;
}

/**
 * POST /api/items/analyze-and-create (spec §7): analyses the photo, then
 * creates the item with it in one transaction. A failed analysis creates
 * nothing; a photo that is not recognised still creates the item, with a
 * neutral name for the person to replace.
 *
 * Order of the checks, cheapest refusal first: the per-account budget, then
 * both images through the photo hardening (magic bytes, pixel flood,
 * re-encoding without metadata), and only then the costly analysis.
 */
export async function createItemFromPhoto(
  db: Database,
  store: PhotoStore,
  analyzer: ItemAnalyzer,
  actor: Actor,
  photo: PhotoForAnalysis,
  signal: AbortSignal,
): Promise<{ row: OwnItemRow; analysis: ItemAnalysis }> {
  await consumeRateLimit(db, {
    key: `photo-analysis:${actor.id}`,
    max: LIMITS.photoAnalysesPerHour,
    windowSeconds: 60 * 60,
  });
  ensureSize(photo.aiImage, LIMITS.uploadAiMaxBytes);
  ensureSize(photo.displayImage, LIMITS.photoUploadMaxBytes);
  await checkUpload(photo.aiImage, 'image/jpeg');
  const stored = await processPhoto(photo.displayImage, 'image/jpeg');

  const outcome = await analyzer.analyze(photo.aiImage, photo.language, signal);
  if (!outcome.ok) {
    const { reason, message } = outcome.failure;
    throw new AppError(reason === 'timeout' ? 'image_analysis_timeout' : 'image_analysis_failed', message);
  }
  const result = outcome.result;

  const id = await db.transaction(async (tx) => {
    const [item] = await tx
      .insert(items)
      .values({
        ownerId: actor.id,
        name: result.name,
        description: result.description,
        category: result.category,
        status: 'available',
      })
      .returning({ id: items.id });
    if (!item) throw new Error('The new item was not returned');
    const [photoRow] = await tx
      .insert(itemPhotos)
      .values({
        uploaderId: actor.id,
        contentType: stored.contentType,
        width: stored.width,
        height: stored.height,
        byteSize: stored.bytes.length,
      })
      .returning({ id: itemPhotos.id });
    if (!photoRow) throw new Error('The new photo was not returned');
    await store.save(tx, photoRow.id, stored.bytes, stored.cardBytes);
    await setItemPhotos(tx, actor, item.id, [photoRow.id]);
    return item.id;
  });

  return {
    row: await findOwnItem(db, actor, id),
    analysis: {
      recognized: result.recognized,
      analyzer: analyzer.kind,
      confidence: result.confidence,
      category: result.category,
    },
  };
}

function ensureSize(bytes: Buffer, max: number): void {
  if (bytes.length > max) throw new AppError('image_too_large', `An image may have at most ${max} bytes`);
}
