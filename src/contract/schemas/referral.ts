import { z } from 'zod';
import { LIMITS } from '../limits';

const referralToken = z.string().trim().min(1, { message: 'validation.referralRequired' }).max(LIMITS.referralTokenMax);

/** POST /api/referral/process (spec §7): the opaque `ref` kept in session storage. */
export const processReferralSchema = z.object({ referralData: referralToken });
export type ProcessReferralInput = z.infer<typeof processReferralSchema>;

export const processReferralResultSchema = z.object({
  inviterName: z.string(),
  /** False when this referral had already been processed: nothing changed. */
  linked: z.boolean(),
});
export type ProcessReferralResult = z.infer<typeof processReferralResultSchema>;

/** GET /api/referral/preview?ref=… (signed out): who invited, for the landing banner. */
export const referralPreviewQuerySchema = z.object({ ref: referralToken });
export const referralPreviewSchema = z.object({ inviterName: z.string() });
export type ReferralPreview = z.infer<typeof referralPreviewSchema>;
