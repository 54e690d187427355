import type { ItemCategory, Language } from '../../contract/enums';

/**
 * What an analyzer makes of a photo. `recognized: false` carries a neutral
 * name and category `other`: the item is still created with the photo, and
 * the person names it in the edit dialog. An analyzer never turns a weak
 * guess into a confident answer.
 */
export interface ItemAnalysisResult {
  recognized: boolean;
  name: string;
  description: string;
  category: ItemCategory;
  /** 0–1 as the analyzer reported it; null when it gives none. */
  confidence: number | null;
  /**
   * A guess too unsure to name the item after (docs/decisions/0043): the
   * client offers it ("Could it be a clock?"), the person decides. Null when
   * the item is named after the analysis, or there is no guess at all.
   */
  suggestion: { name: string; category: ItemCategory } | null;
}

/** Why an analysis gave no result: the route answers image_analysis_failed or image_analysis_timeout. */
export type AnalysisFailureReason = 'failed' | 'timeout' | 'aborted';

export class AnalysisFailure extends Error {
  override name = 'AnalysisFailure';
  constructor(
    readonly reason: AnalysisFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type AnalysisOutcome = { ok: true; result: ItemAnalysisResult } | { ok: false; failure: AnalysisFailure };

/**
 * One interface for every analyzer (docs/decisions/0020): an
 * OpenAI-compatible vision endpoint when AI_BASE_URL, AI_API_KEY and
 * AI_MODEL are set, otherwise the offline detector.
 */
export interface ItemAnalyzer {
  /** Reported to the client as `analysis.analyzer`. */
  readonly kind: 'offline' | 'openai-compatible';
  /** Analyses computed at once (AI_CONCURRENCY): the fair queue in front (fair-queue.ts) lets this many run. */
  readonly concurrency: number;
  /**
   * Analyses a JPEG (the client's 512 px copy) and answers in `language`.
   * `signal` aborts when the client goes away. Never throws: failures are
   * outcomes, so the caller cannot create half an item by accident.
   */
  analyze(jpeg: Buffer, language: Language, signal: AbortSignal): Promise<AnalysisOutcome>;
  /** Frees what the analyzer holds (worker threads); called when the app closes. */
  close(): Promise<void>;
}

export const failed = (reason: AnalysisFailureReason, message: string, cause?: unknown): AnalysisOutcome => ({
  ok: false,
  failure: new AnalysisFailure(reason, message, { cause }),
});
