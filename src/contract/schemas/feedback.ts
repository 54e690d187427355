import { z } from 'zod';
import { LIMITS } from '../limits';

/** GET /api/banner/should-show (spec §7: a boolean, true until the person dismissed or answered). */
export const bannerStateSchema = z.object({ show: z.boolean() });
export type BannerState = z.infer<typeof bannerStateSchema>;

/** POST /api/banner/dismiss: `userId`, when sent, must be the signed-in user. */
export const dismissBannerSchema = z.object({ userId: z.uuid().optional() });

/**
 * POST /api/feedback (spec §3 Feedback, §5): a rating of 1 to 5 stars, sent
 * as the star number (the spec sends a string; a number is accepted too), and
 * optional text, trimmed and omitted when empty. The banner's form uses it.
 */
export const feedbackSchema = z.object({
  userId: z.uuid().optional(),
  rating: z.coerce
    .number({ message: 'validation.ratingRequired' })
    .int({ message: 'validation.ratingRequired' })
    .min(LIMITS.feedbackRatingMin, { message: 'validation.ratingRequired' })
    .max(LIMITS.feedbackRatingMax, { message: 'validation.ratingRequired' }),
  feedback: z
    .string()
    .trim()
    .max(LIMITS.feedbackTextMax, { message: 'validation.feedbackTooLong' })
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;
