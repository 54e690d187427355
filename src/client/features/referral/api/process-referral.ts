import type { ProcessReferralInput, ProcessReferralResult } from '@/contract/schemas/referral';
import { apiAnswer } from '@/client/lib/api-client';

export const PROCESS_REFERRAL_URL = '/api/referral/process';

/**
 * Spec §7 POST /api/referral/process: connects the signed-in user with whoever
 * sent the invite. Idempotent on the server (`linked: false` when it had
 * already been processed).
 */
export async function processReferral(referralData: string, signal?: AbortSignal): Promise<ProcessReferralResult> {
  const input: ProcessReferralInput = { referralData };
  return apiAnswer<ProcessReferralResult>('POST', PROCESS_REFERRAL_URL, { body: input, signal });
}
