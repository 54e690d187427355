import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OwnPasskeys, WebauthnOptions } from '@/contract/schemas/passkeys';
import { apiAnswer, apiRequest } from '@/client/lib/api-client';
import { promptPasskeyCreation } from '../lib/webauthn';

/** The signed-in person's passkeys (docs/decisions/0051): GET/POST /api/passkeys, DELETE /api/passkeys/{id}. */
export const OWN_PASSKEYS_URL = '/api/passkeys';

export function useOwnPasskeys() {
  return useQuery(
    queryOptions({
      queryKey: [OWN_PASSKEYS_URL],
      queryFn: ({ signal }) => apiAnswer<OwnPasskeys>('GET', OWN_PASSKEYS_URL, { signal }),
    }),
  );
}

/** Asks the browser for a new passkey of this account, named `name`; the list refetches. */
export function useAddOwnPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const { challengeId, options } = await apiAnswer<WebauthnOptions>('POST', `${OWN_PASSKEYS_URL}/options`);
      const response = await promptPasskeyCreation(options);
      await apiAnswer('POST', OWN_PASSKEYS_URL, { body: { challengeId, name, response } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWN_PASSKEYS_URL] }),
  });
}

export function useRemoveOwnPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `${OWN_PASSKEYS_URL}/${encodeURIComponent(id)}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [OWN_PASSKEYS_URL] }),
  });
}
