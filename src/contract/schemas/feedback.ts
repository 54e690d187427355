import { z } from 'zod';
import { LIMITS } from '../limits';
import { hasNoControlCharacters } from './text';

/** GET /api/banner/should-show (spec §7: a boolean, true until the person dismissed or answered). */
export const bannerStateSchema = z.object({ show: z.boolean() });
export type BannerState = z.infer<typeof bannerStateSchema>;

/** POST /api/banner/dismiss: `userId`, when sent, must be the signed-in user. */
export const dismissBannerSchema = z.object({ userId: z.uuid().optional() });

/**
 * A star rating: the star number as an integer, or as a string of that one
 * digit (the spec sends `"4"`). Nothing else is read as a number: not `true`,
 * `[4]`, `"4.0"` or `" 4"`, which a plain coercion would take. Output: the
 * number.
 */
const ratingRequired = { message: 'validation.ratingRequired' };
const ratingSchema = z.union(
  [
    z
      .number(ratingRequired)
      .int(ratingRequired)
      .min(LIMITS.feedbackRatingMin, ratingRequired)
      .max(LIMITS.feedbackRatingMax, ratingRequired),
    z
      .string(ratingRequired)
      .regex(new RegExp(`^[${LIMITS.feedbackRatingMin}-${LIMITS.feedbackRatingMax}]$`), ratingRequired)
      .transform(Number),
  ],
  ratingRequired,
);

/**
 * POST /api/feedback (spec §3 Feedback, §5): a rating of 1 to 5 stars
 * (ratingSchema), and optional text, trimmed and omitted when empty. The
 * banner's form uses it.
 */
export const feedbackSchema = z.object({
  userId: z.uuid().optional(),
  rating: ratingSchema,
  feedback: z
    .string()
    .trim()
    .max(LIMITS.feedbackTextMax, { message: 'validation.feedbackTooLong' })
    .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
    .optional()
    .transform((text) => (text ? text : undefined)),
});
export type FeedbackInput = z.input<typeof feedbackSchema>;
