import { and, eq } from 'drizzle-orm';
import type { ProcessReferralResult } from '../../contract/schemas/referral';
import { isBlockBetween } from '../relations/block-sql';
import { lockAddressBook } from '../contacts/address-book-lock';
import { resolveInvitation } from '../contacts/invitation-link';
import type { Database, DbOrTx } from '../db/client';
import { contacts, users } from '../db/schema';
import { AppError } from '../http/app-error';
import { linkRecordedLoans } from '../lending/loans/link-recorded-loans';
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
  legacyKey: string,
): Promise<ProcessReferralResult> {
  const claims = await resolveInvitation(db, token, legacyKey);
  if (claims.inviterId === actor.id) throw invalid();

  return db.transaction(async (tx) => {
    // Both address books change; lock them in a fixed order so two referrals
    // between the same people cannot deadlock.
    for (const ownerId of [claims.inviterId, actor.id].sort()) await lockAddressBook(tx, ownerId);

    const [inviter] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.id, claims.inviterId));
    if (!inviter) throw invalid();
    // A block either way: no link between them (docs/decisions/0018); the
    // answer is the one any unusable link gets, so it tells nothing.
    if (await isBlockBetween(tx, inviter.id, actor.id)) throw invalid();
    const [invited] = await tx
      .select()
      .from(contacts)
      .where(and(eq(contacts.id, claims.contactId), eq(contacts.userId, inviter.id)));
    const [inviterHasActor] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.userId, inviter.id), eq(contacts.contactUserId, actor.id)));

    let linkedInviterSide = false;
    if (!invited) {
      // Gone: fine only if it was dropped as a duplicate when this person joined before.
      if (!inviterHasActor) throw invalid();
    } else if (invited.contactUserId && invited.contactUserId !== actor.id) {
      throw invalid();
    } else if (!invited.contactUserId) {
      linkedInviterSide = await linkInvitedContact(tx, invited, actor, inviterHasActor?.id ?? null);
    }
    const linkedOwnSide = await addInviterToContacts(tx, actor, inviter);
    return { inviterName: inviter.name, linked: linkedInviterSide || linkedOwnSide };
  });
}

/**
 * Links the inviter's pending contact to the new user, with the loans the
 * inviter recorded for it. If the inviter has
 * meanwhile added that user another way, the pending entry is a duplicate of
 * an active one and is dropped rather than left behind as "not registered";
 * its link token moves to the entry that stays, so processing the same link
 * again finds it and is the usual no-op rather than "invalid".
 */
async function linkInvitedContact(
  tx: DbOrTx,
  invited: typeof contacts.$inferSelect,
  actor: Actor,
  inviterEntryForActor: string | null,
): Promise<boolean> {
  if (inviterEntryForActor) {
    // Before the entry goes: the loans recorded for it are this person's (issue 19).
    await linkRecordedLoans(tx, { entryIds: [invited.id], keptEntryId: inviterEntryForActor, userId: actor.id });
    await tx.delete(contacts).where(eq(contacts.id, invited.id));
    if (invited.invitationTokenHash) {
      await tx
        .update(contacts)
        .set({
          invitationTokenHash: invited.invitationTokenHash,
          invitationSeed: invited.invitationSeed,
          invitationExpiresAt: invited.invitationExpiresAt,
        })
        .where(eq(contacts.id, inviterEntryForActor));
    }
    return false;
  }
  await tx
    .update(contacts)
    .set({ contactUserId: actor.id, status: 'active', updatedAt: new Date() })
    .where(eq(contacts.id, invited.id));
  // The loans the inviter recorded for this entry now appear on the new user's side (issue 19, ADR 0028).
  await linkRecordedLoans(tx, { entryIds: [invited.id], keptEntryId: invited.id, userId: actor.id });
  return true;
}

/**
 * Adds the inviter to the new user's contacts unless they are linked there
 * already. Always a new entry: an existing unlinked entry is never taken over
 * by matching the inviter's phone or email, because profiles are not
 * verified and anyone could copy the number of the invited person's "Mom".
 * Only the name is stored; phone and email show through the (now mutual) link.
 */
async function addInviterToContacts(tx: DbOrTx, actor: Actor, inviter: { id: string; name: string }): Promise<boolean> {
  const inserted = await tx
    .insert(contacts)
    .values({ userId: actor.id, contactUserId: inviter.id, name: inviter.name, status: 'active' })
    .onConflictDoNothing()
    .returning({ id: contacts.id });
  return inserted.length > 0;
}
