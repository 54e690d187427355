import type { Language } from '../../contract/enums';
import { LIMITS } from '../../contract/limits';
import type { ItemAnalysis } from '../../contract/schemas/item-creation';
import type { Database } from '../db/client';
import { items } from '../db/schema';
import { AppError } from '../http/app-error';
import { findOwnItem } from '../items/find-own-item';
import type { OwnItemRow } from '../items/item-query';
import { setItemPhotos } from '../items/attach-photos';
import type { PhotoStore } from '../photos/photo-store';
import { checkUpload, ensureDecodable, processPhoto, type ProcessedPhoto } from '../photos/process-photo';
import { stagePhoto, storeItemPhoto } from '../photos/store-item-photo';
import type { Actor } from '../policies';
import { consumeRateLimit, ensureUseLeft } from '../rate-limits/consume-rate-limit';
import { admitAnalysis } from './analysis-queue';
import type { FairQueue } from './fair-queue';
import type { ItemAnalyzer } from './item-analyzer';

export interface PhotoForAnalysis {
  /** The client's 512 px copy, to analyse. */
  aiImage: Buffer;
  /** The client's 1024 px copy, kept as the item's photo. */
  displayImage: Buffer;
  language: Language;
}

/** What the analysis needs besides the database: the photo store, the analyzer and its queue. */
export interface AnalysisParts {
  store: PhotoStore;
  analyzer: ItemAnalyzer;
  queue: FairQueue;
}

/**
 * POST /api/items/analyze-and-create (spec §7): analyses the photo, then
 * creates the item with it in one transaction. A failed analysis creates
 * nothing; a photo that is not recognised still creates the item, with a
 * neutral name for the person to replace.
 *
 * Order of the checks, cheapest refusal first, and nothing spent on a
 * request that is refused (issue 32, findings 2 and 5):
 * 1. a spent hourly budget (read only);
 * 2. a place in the fair, bounded queue (429 for one's own backlog, 503
 *    when the queue is full; analysis-queue.ts);
 * 3. both images fully decoded through the photo hardening (magic bytes,
 *    pixel flood, truncation, re-encoding without metadata): an undecodable
 *    image is the client's fault, 415 invalid_image_format;
 * 4. only then one use of the budget is counted, and the analysis waits for
 *    its turn.
 */
export async function createItemFromPhoto(
  db: Database,
  { store, analyzer, queue }: AnalysisParts,
  actor: Actor,
  photo: PhotoForAnalysis,
  signal: AbortSignal,
): Promise<{ row: OwnItemRow; analysis: ItemAnalysis }> {
  const budget = { key: `photo-analysis:${actor.id}`, max: LIMITS.photoAnalysesPerHour, windowSeconds: 60 * 60 };
  await ensureUseLeft(db, budget);
  const admission = admitAnalysis(queue, actor.id);
  let stored: ProcessedPhoto;
  try {
    ensureSize(photo.aiImage, LIMITS.uploadAiMaxBytes);
    ensureSize(photo.displayImage, LIMITS.photoUploadMaxBytes);
    await checkUpload(photo.aiImage, 'image/jpeg');
    await ensureDecodable(photo.aiImage);
    stored = await processPhoto(photo.displayImage, 'image/jpeg');
    await consumeRateLimit(db, budget);
  } catch (error) {
    admission.cancel();
    throw error;
  }

  const outcome = await admission.run(() => analyzer.analyze(photo.aiImage, photo.language, signal), signal);
  if (!outcome.ok) {
    const { reason, message } = outcome.failure;
    throw new AppError(reason === 'timeout' ? 'image_analysis_timeout' : 'image_analysis_failed', message);
  }
  const result = outcome.result;
  const staged = await stagePhoto(store, stored);

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
    const photoId = await storeItemPhoto(tx, store, actor, staged);
    await setItemPhotos(tx, actor, item.id, [photoId]);
    return item.id;
  });

  return {
    row: await findOwnItem(db, actor, id),
    analysis: {
      recognized: result.recognized,
      analyzer: analyzer.kind,
      confidence: result.confidence,
      category: result.category,
      suggestion: result.suggestion,
    },
  };
}

function ensureSize(bytes: Buffer, max: number): void {
  if (bytes.length > max) throw new AppError('image_too_large', `An image may have at most ${max} bytes`);
}
