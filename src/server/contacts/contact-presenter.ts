import type { Contact } from '../../contract/schemas/contact';
import type { ContactRow } from './contact-query';

/**
 * Shapes every contact response (spec §3 Contact). The linked user's email
 * and phone are shown only when the link is mutual: adding someone by
 * username must not reveal the phone and email they keep in their profile
 * until they have added the owner back
 * (docs/decisions/0007-contacts-and-invitations.md).
 */
export function presentContact({ contact, user, mutual }: ContactRow): Contact {
  return {
    id: contact.id,
    userId: contact.userId,
    contactUserId: contact.contactUserId,
    name: contact.name,
    phone: contact.phone,
    email: contact.email,
    status: contact.status,
    username: user?.username ?? null,
    notes: contact.notes,
    autoAccept: contact.autoAccept,
    user: user
      ? {
          id: user.id,
          name: user.name,
          username: user.username,
          email: mutual ? user.email : null,
          phone: mutual ? user.phone : null,
          // Like phone and email, only once they added the owner back (rule user:readPhoto, ADR 0016).
          photoUrl: mutual ? user.photoUrl : null,
        }
      : null,
    invitationMethod: contact.invitationMethod,
    invitedAt: contact.invitedAt?.toISOString() ?? null,
    createdAt: contact.createdAt.toISOString(),
  };
}
