import { useCallback } from 'react';
import { useSearchParams } from 'wouter';
import { requestedPath, signIn } from '../../lib/auth/sign-in';
import { storeReferral } from './referral-storage';

/** The invite `ref` of the landing URL, if any (spec §2 Landing). */
export function useReferralParam(): string | null {
  const [params] = useSearchParams();
  return params.get('ref') || null;
}

/**
 * Sign-in from the landing page, coming back to the page asked for. The invite `ref` to keep (null when there is
 * none, or when the server refused it) is saved first, because the sign-in
 * round trip through the identity provider loses the query.
 */
export function useLandingSignIn(ref: string | null): () => void {
  return useCallback(() => {
    if (ref) storeReferral(ref);
    // The landing page stands in for every signed-out path: afterwards, back to the one asked for.
    signIn(undefined, requestedPath());
  }, [ref]);
}
