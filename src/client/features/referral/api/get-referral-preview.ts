import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReferralPreview } from '@/contract/schemas/referral';
import { apiAnswer, isApiError } from '@/client/lib/api-client';

export const REFERRAL_PREVIEW_URL = '/api/referral/preview';

export function referralPreviewUrl(ref: string): string {
  return `${REFERRAL_PREVIEW_URL}?ref=${encodeURIComponent(ref)}`;
}

/**
 * Who sent this invite link, for the landing page's invited banner (public,
 * no sign-in).
 */
export async function getReferralPreview(ref: string, signal?: AbortSignal): Promise<ReferralPreview> {
  return apiAnswer<ReferralPreview>('GET', referralPreviewUrl(ref), { signal });
}

export const referralPreviewQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: [referralPreviewUrl(ref)],
    queryFn: ({ signal }) => getReferralPreview(ref, signal),
    retry: false,
  });

/** Disabled without a ref. */
export function useReferralPreview(ref: string | null) {
  return useQuery({ ...referralPreviewQueryOptions(ref ?? ''), enabled: ref !== null });
}

/**
 * True when the server refused the link itself (tampered, expired, unknown, or
 * not even token-shaped), as opposed to a network or server failure, which
 * says nothing about the link.
 */
export function isInvalidInviteError(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 400 &&
    (error.code === 'invite_link_invalid' || error.code === 'invalid_input')
  );
}
