import { and, eq, ne } from 'drizzle-orm';
import type { InvitationMethod } from '../../contract/enums';
import type { InvitationData } from '../../contract/schemas/contact';
import type { Database } from '../db/client';
import { contacts, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { authorize, type Actor } from '../policies';
import { findContact, type ContactRow } from './contact-query';
import { issueInvitationToken } from './invitation-link';

export interface InvitationSettings {
  /** Where invitation links point: `<publicUrl>/invite?ref=<token>`. */
  publicUrl: URL;
  /** The key a link's `ref` is derived with (invitation-link.ts, INVITATION_LINK_KEY_PURPOSE). */
  linkKey: string;
}

const notFound = () => AppError.notFound('Contact not found', 'errors.not_found');
const alreadyActive = () => new AppError('contact_already_active', 'This contact is already registered');

async function invitableContact(db: Database, actor: Actor, contactId: string): Promise<ContactRow> {
  const row = await findContact(db, contactId);
  if (!row) throw notFound();
  authorize(actor, 'contact:invite', row.contact, { hideAs404: true });
  if (row.contact.contactUserId) throw alreadyActive();
  return row;
}

/**
 * What the invitation dialog needs (spec §3 Invitation data). The link's
 * seed lives on the contact: opening the dialog again keeps a link that is
 * still valid and renews its expiry, so every link sent to this contact
 * leads to the same place (invitation-link.ts).
 */
export async function getInvitationData(
  db: Database,
  actor: Actor,
  contactId: string,
  settings: InvitationSettings,
): Promise<InvitationData> {
  const { contact } = await invitableContact(db, actor, contactId);
  const [inviter] = await db.select({ name: users.name }).from(users).where(eq(users.id, actor.id));
  if (!inviter) throw AppError.unauthenticated();

  const issued = await issueInvitationToken(db, settings.linkKey, actor.id, contact.id);
  // Linked by a referral since it was read above: nothing left to invite.
  if (!issued) throw alreadyActive();
  const link = new URL('/invite', settings.publicUrl);
  link.searchParams.set('ref', issued.token);
  return {
    contactId: contact.id,
    contactName: contact.name,
    contactPhone: contact.phone,
    contactEmail: contact.email,
    invitationLink: link.href,
    inviterName: inviter.name,
    expiresAt: issued.expiresAt.toISOString(),
  };
}

/** Records that an invitation went out (spec §7 POST /api/contacts/invite): status becomes invited. */
export async function recordInvitation(
  db: Database,
  actor: Actor,
  contactId: string,
  method: InvitationMethod,
): Promise<ContactRow> {
  await invitableContact(db, actor, contactId);
  const [updated] = await db
    .update(contacts)
    .set({ status: 'invited', invitationMethod: method, invitedAt: new Date(), updatedAt: new Date() })
    // Re-checked in the WHERE clause: a referral may have linked the contact meanwhile.
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, actor.id), ne(contacts.status, 'active')))
    .returning({ id: contacts.id });
  if (!updated) throw alreadyActive();
  const row = await findContact(db, contactId);
  if (!row) throw notFound();
  return row;
}
