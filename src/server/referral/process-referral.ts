import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ProcessReferralResult } from '../../contract/schemas/referral';
import { lockAddressBook } from '../contacts/address-book-lock';
import { verifyInvitationToken } from '../contacts/invitation-token';
import type { Database, DbOrTx } from '../db/client';
import { contacts, users } from '../db/schema';
import { AppError } from '../http/app-error';
import type { Actor } from '../policies';

const invalid = () => new AppError('invite_link_invalid', 'Invite link invalid or corrupted');

/**
 * Spec §4 Referral: the invited person signed in with the inviter's link.
 * The inviter's contact is linked to them (active) and the inviter joins
 * their contacts (active). Idempotent: the same person processing the same
 * link again changes nothing; anyone else (or the inviter) is refused.
 */
export async function processReferral(
  db: Database,
  actor: Actor,
  token: string,
  tokenKey: string,
): Promise<ProcessReferralResult> {
  const claims = verifyInvitationToken(tokenKey, token);
  if (claims.inviterId === actor.id) throw invalid();

  return db.transaction(async (tx) => {
    // Both address books change; lock them in a fixed order so two referrals
    // between the same people cannot deadlock.
    for (const ownerId of [claims.inviterId, actor.id].sort()) await lockAddressBook(tx, ownerId);

    const [contact] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, claims.contactId), eq(contacts.userId, claims.inviterId)));
    if (!contact) throw invalid();
    if (contact.contactUserId && contact.contactUserId !== actor.id) throw invalid();

    const [inviter] = await tx
      .select({ id: users.id, name: users.name, phone: users.phone, email: users.email })
      .from(users)
      .where(eq(users.id, claims.inviterId));
    if (!inviter) throw invalid();

    const linkedInviterSide = contact.contactUserId
      ? false
      : await linkInvitedContact(tx, contact.id, inviter.id, actor);
    const linkedOwnSide = await addInviterToContacts(tx, actor, inviter);
    return { inviterName: inviter.name, linked: linkedInviterSide || linkedOwnSide };
  });
}

/**
 * Links the inviter's pending contact to the new user. If the inviter has
 * meanwhile added that user another way, the pending entry is a duplicate of
 * an active one and is dropped rather than left behind as "not registered".
 */
async function linkInvitedContact(tx: DbOrTx, contactId: string, inviterId: string, actor: Actor): Promise<boolean> {
  const [already] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, inviterId), eq(contacts.contactUserId, actor.id)));
  if (already) {
    await tx.delete(contacts).where(eq(contacts.id, contactId));
    return false;
  }
  await tx
    .update(contacts)
    .set({ contactUserId: actor.id, status: 'active', updatedAt: new Date() })
    .where(eq(contacts.id, contactId));
  return true;
}

/**
 * Adds the inviter to the new user's contacts, or links an entry the user
 * already had for them (same phone or email), so there is never a duplicate.
 */
async function addInviterToContacts(
  tx: DbOrTx,
  actor: Actor,
  inviter: { id: string; name: string; phone: string | null; email: string | null },
): Promise<boolean> {
  const sameIdentity = [
    inviter.phone ? eq(contacts.phone, inviter.phone) : undefined,
    inviter.email ? eq(sql`lower(${contacts.email})`, inviter.email.toLowerCase()) : undefined,
  ].filter((condition) => condition !== undefined);
  const existing = await tx
    .select({ id: contacts.id, contactUserId: contacts.contactUserId })
    .from(contacts)
    .where(
      and(
        eq(contacts.userId, actor.id),
        or(
          eq(contacts.contactUserId, inviter.id),
          sameIdentity.length > 0 ? and(isNull(contacts.contactUserId), or(...sameIdentity)) : undefined,
        ),
      ),
    );
  if (existing.some((c) => c.contactUserId === inviter.id)) return false;

  const unlinked = existing[0];
  if (unlinked) {
    await tx
      .update(contacts)
      .set({ contactUserId: inviter.id, status: 'active', updatedAt: new Date() })
      .where(eq(contacts.id, unlinked.id));
    return true;
  }
  await tx.insert(contacts).values({
    userId: actor.id,
    contactUserId: inviter.id,
    name: inviter.name,
    phone: inviter.phone,
    email: inviter.email,
    status: 'active',
  });
  return true;
}
