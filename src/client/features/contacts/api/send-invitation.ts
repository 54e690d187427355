import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact, SendInvitationInput } from '@/contract/schemas/contact';
import { apiAnswer } from '@/client/lib/api-client';
import { CONTACTS_URL } from '@/client/lib/query-keys/contact-query-keys';

export const SEND_INVITATION_URL = '/api/contacts/invite';

/** POST /api/contacts/invite: records how the invitation went out; the contact comes back as invited. */
export async function sendInvitation(input: SendInvitationInput): Promise<Contact> {
  return apiAnswer<Contact>('POST', SEND_INVITATION_URL, { body: input });
}

export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [CONTACTS_URL] }),
  });
}
