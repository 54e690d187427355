import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitationData } from '@/contract/schemas/contact';
import { apiAnswer } from '@/client/lib/api-client';

export const invitationDataUrl = (contactId: string) => `/api/contacts/invitation/${encodeURIComponent(contactId)}`;

/** GET /api/contacts/invitation/{contactId}: names, phone, email and a freshly signed invitation link. */
export async function getInvitationData(contactId: string, signal?: AbortSignal): Promise<InvitationData> {
  return apiAnswer<InvitationData>('GET', invitationDataUrl(contactId), { signal });
}

export const invitationDataQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: [invitationDataUrl(contactId)],
    queryFn: ({ signal }) => getInvitationData(contactId, signal),
    // Each opening of the invitation dialog asks for a fresh link; nothing to keep once it is closed.
    gcTime: 0,
  });

export function useInvitationData(contactId: string) {
  return useQuery(invitationDataQueryOptions(contactId));
}
