import { useEffect } from 'react';
import { isInvalidInviteError, useReferralPreview } from './api/get-referral-preview';
import { clearReferral } from './referral-storage';

/**
 * What the landing page knows about its invite `ref`:
 * - `generic`: still asking, or the preview failed for a reason that says
 *   nothing about the link (network, server error). Joining stays possible.
 * - `named`: the server vouched for the link and named the inviter.
 * - `invalid`: the server refused the link (spec §8 "invite link invalid or
 *   corrupted").
 */
export type Invitation = { status: 'generic' } | { status: 'named'; inviterName: string } | { status: 'invalid' };

/** Null without a ref. An invalid link is dropped from session storage, so it is not posted after sign-in. */
export function useInvitation(ref: string | null): Invitation | null {
  const preview = useReferralPreview(ref);
  const invalid = ref !== null && preview.isError && isInvalidInviteError(preview.error);

  useEffect(() => {
    if (invalid) clearReferral();
  }, [invalid]);

  if (ref === null) return null;
  if (invalid) return { status: 'invalid' };
  if (preview.data) return { status: 'named', inviterName: preview.data.inviterName };
  return { status: 'generic' };
}
