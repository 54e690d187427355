import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SignInSetup, SignUpFormInput, SignUpResult, WebauthnOptions } from '@/contract/schemas/passkeys';
import { apiAnswer } from '@/client/lib/api-client';
import { promptPasskeySignIn } from '../lib/webauthn';

/*
 * The built-in provider's sign-in, the passkey side (docs/decisions/0051):
 * calls under the interaction's own path, where its cookie is sent.
 */

export const interactionUrl = (uid: string) => `/oidc/interaction/${encodeURIComponent(uid)}`;

export function useSignInSetup(uid: string) {
  return useQuery(
    queryOptions({
      queryKey: [`${interactionUrl(uid)}/setup`],
      queryFn: ({ signal }) => apiAnswer<SignInSetup>('GET', `${interactionUrl(uid)}/setup`, { signal }),
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}

export function signUp(uid: string, input: SignUpFormInput): Promise<SignUpResult> {
  return apiAnswer<SignUpResult>('POST', `${interactionUrl(uid)}/sign-up`, { body: input });
}

/** Asks the browser for one of this site's passkeys, has the server check it, and answers where to go next. */
export async function signInWithPasskey(uid: string): Promise<string> {
  const { challengeId, options } = await apiAnswer<WebauthnOptions>('POST', `${interactionUrl(uid)}/passkey/options`);
  const response = await promptPasskeySignIn(options);
  const { redirectTo } = await apiAnswer<{ redirectTo: string }>('POST', `${interactionUrl(uid)}/passkey`, {
    body: { challengeId, response },
  });
  return redirectTo;
}
