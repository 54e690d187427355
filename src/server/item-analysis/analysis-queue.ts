import { AppError } from '../http/app-error';
import { createFairQueue, QueueRefusal, type Admission, type FairQueue } from './fair-queue';
import type { ItemAnalyzer } from './item-analyzer';

/**
 * The photo-analysis queue's bounds (docs/decisions/0041). Per person: the
 * dialog creates one item at a time, so two admitted (one running, one
 * waiting, e.g. a second tab) is all a person needs. Over everyone: four
 * rounds of the analyzer's slots may wait, so the last admitted waits about
 * four analyses (offline ~0.6–1.4 s each on 2 cores, an endpoint a few
 * seconds) instead of running into AI_TIMEOUT_MS; second analyses of a
 * person may fill only half of that, the rest is kept for first ones.
 */
export const ANALYSES_ADMITTED_PER_PERSON = 2;
export const WAITING_ROUNDS = 4;
/** The Retry-After estimate until the first analysis of the instance has been timed. */
const INITIAL_ANALYSIS_MS = { offline: 1_500, 'openai-compatible': 5_000 } as const;

export function createAnalysisQueue(
  analyzer: Pick<ItemAnalyzer, 'kind' | 'concurrency'>,
  now?: () => number,
): FairQueue {
  return createFairQueue({
    concurrency: analyzer.concurrency,
    maxPending: analyzer.concurrency * WAITING_ROUNDS,
    maxPendingForBacklog: (analyzer.concurrency * WAITING_ROUNDS) / 2,
    maxPerPerson: ANALYSES_ADMITTED_PER_PERSON,
    initialTaskMs: INITIAL_ANALYSIS_MS[analyzer.kind],
    now,
  });
}

/**
 * A place in the queue for `personId`, or the answer a refused request gets:
 * 429 when the person already has their analyses admitted (their own
 * backlog), 503 `image_analysis_busy` when the instance's queue is full;
 * both with Retry-After.
 */
export function admitAnalysis(queue: FairQueue, personId: string): Admission {
  try {
    return queue.admit(personId);
  } catch (error) {
    if (!(error instanceof QueueRefusal)) throw error;
    const refusal =
      error.reason === 'person_backlog'
        ? new AppError(
            'too_many_requests',
            'Earlier photos of this person are still being analysed',
            'errors.image_analysis_own_backlog',
          )
        : new AppError('image_analysis_busy', 'The photo analysis queue is full');
    refusal.retryAfterSeconds = error.retryAfterSeconds;
    throw refusal;
  }
}
