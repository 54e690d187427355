import { queryOptions, useQuery } from '@tanstack/react-query';
import { invitationDataSchema, type InvitationData } from '../../../../contract/schemas/contact';
import { apiJson } from '../../../lib/api-client';

export const invitationDataUrl = (contactId: string) => `/api/contacts/invitation/${encodeURIComponent(contactId)}`;

/** GET /api/contacts/invitation/{contactId}: names, phone, email and a freshly signed invitation link. */
export async function getInvitationData(contactId: string, signal?: AbortSignal): Promise<InvitationData> {
  const body = await apiJson('GET', invitationDataUrl(contactId), { signal });
  return invitationDataSchema.parse(body);
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
