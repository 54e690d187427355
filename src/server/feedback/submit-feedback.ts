import type { z } from 'zod';
import type { BannerState, feedbackSchema } from '../../contract/schemas/feedback';
import type { Database } from '../db/client';
import { feedback } from '../db/schema';
import { authorize, type Actor } from '../policies';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { dismissBanner } from './banner';

/**
 * Feedback per account and day. The banner asks once; a few more leave room
 * for a second thought, and the table cannot be filled by a script.
 */
export const FEEDBACK_PER_DAY = 5;

/**
 * POST /api/feedback: stores the rating and text and dismisses the banner in
 * one transaction, so the banner never asks again for feedback already given
 * and a refused insert leaves it showing.
 */
export async function submitFeedback(
  db: Database,
  actor: Actor,
  input: z.output<typeof feedbackSchema>,
): Promise<BannerState> {
  authorize(actor, 'feedback:create', { id: actor.id });
  await consumeRateLimit(db, { key: `feedback:${actor.id}`, max: FEEDBACK_PER_DAY, windowSeconds: 24 * 60 * 60 });
  return db.transaction(async (tx) => {
    await tx.insert(feedback).values({ userId: actor.id, rating: input.rating, feedback: input.feedback ?? null });
    return dismissBanner(tx, actor);
  });
}
