import { and, eq } from 'drizzle-orm';
import type { ReferralPreview } from '../../contract/schemas/referral';
import { resolveInvitation } from '../contacts/invitation-link';
import type { Database } from '../db/client';
import { contacts, users } from '../db/schema';
import { AppError } from '../http/app-error';

/**
 * Who invited the visitor, for the landing page's invited banner. Public: the
 * token itself is the proof, and the answer is only the inviter's name.
 */
export async function previewReferral(db: Database, token: string, legacyKey: string): Promise<ReferralPreview> {
  const claims = await resolveInvitation(db, token, legacyKey);
  const [row] = await db
    .select({ inviterName: users.name })
    .from(contacts)
    .innerJoin(users, eq(users.id, contacts.userId))
    .where(and(eq(contacts.id, claims.contactId), eq(contacts.userId, claims.inviterId)));
  if (!row) throw new AppError('invite_link_invalid', 'Invite link invalid or corrupted');
  return row;
}
