import type { Language } from '../../contract/enums';
import { LIMITS } from '../../contract/limits';
import { withDeadline } from './analysis-deadline';
import { cocoItem, NEUTRAL_NAME, RECOGNISED_DESCRIPTION } from './coco-items';
import { createDetectorPool, type Detection, type DetectorPool, type RgbImage } from './detector-pool';
import { failed, type ItemAnalysisResult, type ItemAnalyzer } from './item-analyzer';
import { loadSharp } from '../photos/load-sharp';

/**
 * Below this score a detection is noise, not even a guess. CenterNet scores
 * clear photos of COCO objects about 0.35–0.9 and noise, textures and
 * out-of-vocabulary things mostly under 0.3 (a plain gradient: "tv" 0.10).
 */
export const OFFLINE_MIN_CONFIDENCE = 0.3;
/**
 * From this score on the item is named after the detection; between the two
 * the detection is only offered as a suggestion (docs/decisions/0043): a
 * circuit board scored as "clock" at about 0.35 and became "Clock" before the
 * person could say no (issue 33, defect 11). Our own drawn test clock scores
 * 0.38 and is now a suggestion as well; a wrong name costs more than a name
 * to type or a suggestion to tap.
 */
export const OFFLINE_NAME_CONFIDENCE = 0.5;

/** The detector's input is 512×512; larger pictures would only cost decoding and transfer. */
const DETECTOR_INPUT_PX = 512;

export interface OfflineAnalyzerOptions {
  concurrency: number;
  timeoutMs: number;
  /** Tests and the benchmark may share one pool between analyzers. */
  pool?: DetectorPool;
}

/**
 * The offline default (docs/decisions/0020): @vladmandic/human's CenterNet
 * detector of the 80 COCO classes in worker threads (detector-pool.ts), its
 * best lendable detection mapped to a category and a name (coco-items.ts).
 */
export function createOfflineAnalyzer(options: OfflineAnalyzerOptions): ItemAnalyzer & { pool: DetectorPool } {
  const pool = options.pool ?? createDetectorPool(options.concurrency);
  return {
    kind: 'offline',
    concurrency: options.concurrency,
    pool,
    analyze: (jpeg, language, clientSignal) =>
      withDeadline(clientSignal, options.timeoutMs, async (signal) => {
        const image = await decodeForDetector(jpeg);
        if (!image) return failed('failed', 'The photo could not be decoded');
        const detections = await pool.detect(image, signal);
        return { ok: true, result: interpret(detections, language) };
      }),
    close: () => pool.close(),
  };
}

/**
 * The best detection of something people lend: the item's name when it is
 * sure enough (OFFLINE_NAME_CONFIDENCE), a suggestion when it is a guess,
 * else a neutral "not recognised".
 */
export function interpret(detections: readonly Detection[], language: Language): ItemAnalysisResult {
  const best = detections
    .filter((detection) => cocoItem(detection.label) && detection.score >= OFFLINE_MIN_CONFIDENCE)
    .sort((a, b) => b.score - a.score)[0];
  const known = best && cocoItem(best.label);
  if (!best || !known || best.score < OFFLINE_NAME_CONFIDENCE) {
    const topScore = Math.max(0, ...detections.map((detection) => detection.score));
    return {
      recognized: false,
      name: NEUTRAL_NAME[language],
      description: '',
      category: 'other',
      confidence: detections.length > 0 ? topScore : null,
      suggestion: best && known ? { name: known.names[language], category: known.category } : null,
    };
  }
  return {
    recognized: true,
    name: known.names[language],
    description: RECOGNISED_DESCRIPTION[language],
    category: known.category,
    confidence: best.score,
    suggestion: null,
  };
}

/** Upright RGB pixels within 512 px (sharp runs on libuv's pool, off the event loop); null when undecodable. */
async function decodeForDetector(jpeg: Buffer): Promise<RgbImage | null> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(jpeg, { limitInputPixels: LIMITS.photoMaxInputPixels })
      .rotate()
      .resize({ width: DETECTOR_INPUT_PX, height: DETECTOR_INPUT_PX, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) return null;
    return {
      width: info.width,
      height: info.height,
      pixels: new Uint8Array(data.buffer, data.byteOffset, data.length),
    };
  } catch {
    return null;
  }
}
