import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';
import { invalidateByPrefix } from '@/client/lib/invalidate-by-prefix';

/** Whose requests for free days are accepted without asking (issue 35): an address-book entry or a group's members. */
export type TrustTarget = { kind: 'contact'; id: string } | { kind: 'group'; id: string };

const urlOf = (target: TrustTarget) =>
  `${target.kind === 'contact' ? CONTACTS_URL : '/api/groups'}/${encodeURIComponent(target.id)}/auto-accept`;

/** PUT /api/contacts/{id}/auto-accept or /api/groups/{id}/auto-accept (204); the contacts or the group are refetched. */
export async function setAutoAccept({ target, autoAccept }: { target: TrustTarget; autoAccept: boolean }) {
  await apiRequest('PUT', urlOf(target), { body: { autoAccept } });
}

export function useSetAutoAccept() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAutoAccept,
    onSuccess: (_answer, { target }) =>
      invalidateByPrefix(queryClient, target.kind === 'contact' ? CONTACTS_URL : `/api/groups/${target.id}`),
  });
}
