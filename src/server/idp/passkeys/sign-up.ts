import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Language } from '../../../contract/enums';
import type { SignInSetup, signUpFormSchema, SignUpResult } from '../../../contract/schemas/passkeys';
import type { Database, DbOrTx } from '../../db/client';
import { contacts, idpAccounts, idpPasskeys } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { resolveInvitation } from '../../contacts/invitation-link';
import { enqueueJob } from '../../jobs/enqueue-job';
import { issueAccountToken } from './one-time-tokens';

/** An account whose address was never confirmed stops holding its username after this. */
const UNCONFIRMED_LIFETIME = sql`interval '24 hours'`;

/**
 * How a new person gets an account here (docs/decisions/0051): with email
 * set up, by the link mailed to them; without, the first account is the
 * operator's, confirmed at once, and after it only people a member invited
 * sign up: the invitation link confirms them.
 */
export async function signUpMode(db: DbOrTx, mailAvailable: boolean): Promise<SignInSetup['signUp']> {
  if (mailAvailable) return 'email';
  return (await anyConfirmedAccount(db)) ? 'invitation' : 'operator';
}

async function anyConfirmedAccount(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ id: idpAccounts.id })
    .from(idpAccounts)
    .where(isNotNull(idpAccounts.emailConfirmedAt))
    .limit(1);
  return row !== undefined;
}

/**
 * POST /oidc/interaction/{uid}/sign-up: a new account, not yet able to sign
 * in. With email, its address is confirmed by the mailed link (the mail is a
 * job, so a slow mail server never holds the page). Without, the operator's
 * first account is confirmed at once and gets its passkey ticket.
 */
export async function signUp(
  db: Database,
  input: z.output<typeof signUpFormSchema>,
  context: { mailAvailable: boolean; language: Language; invitationKey: string },
): Promise<SignUpResult> {
  return db.transaction(async (tx) => {
    // One sign-up at a time: two people at once must not both become the operator, nor both take a name.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('idp-sign-up', 0))`);
    await releaseAbandonedSignUps(tx);
    const mode = await signUpMode(tx, context.mailAvailable);
    if (mode === 'invitation') await ensureInvited(tx, input.invitation, context.invitationKey);
    const [holder] = await tx
      .select({ id: idpAccounts.id })
      .from(idpAccounts)
      .where(and(sql`lower(${idpAccounts.email}) = lower(${input.email})`, isNotNull(idpAccounts.emailConfirmedAt)))
      .limit(1);
    if (holder && mode === 'email') {
      // The answer is the mail, as for a new address, so sign-up tells nobody who has an account: the
      // address's owner gets a link that adds a passkey to the account they have (docs/decisions/0051).
      const token = await issueAccountToken(tx, holder.id, 'recover');
      await enqueueJob(tx, 'send-account-mail', {
        accountId: holder.id,
        kind: 'recover',
        token,
        language: context.language,
      });
      return { status: 'check_email', email: input.email };
    }
    if (holder) throw new AppError('email_in_use', 'This address already belongs to an account');
    const [account] = await tx
      .insert(idpAccounts)
      .values({
        name: input.name,
        username: input.username,
        email: input.email,
        // The operator's first account, and an invited newcomer: nothing to wait for.
        emailConfirmedAt: mode === 'email' ? null : sql`now()`,
      })
      .onConflictDoNothing({ target: idpAccounts.username })
      .returning({ id: idpAccounts.id });
    if (!account) throw new AppError('username_taken', 'This username is already taken');

    if (mode !== 'email') {
      return { status: 'add_passkey', ticket: await issueAccountToken(tx, account.id, 'add_passkey') };
    }
    const token = await issueAccountToken(tx, account.id, 'confirm_email');
    await enqueueJob(tx, 'send-account-mail', {
      accountId: account.id,
      kind: 'confirm_email',
      token,
      language: context.language,
    });
    return { status: 'check_email', email: input.email };
  });
}

/**
 * Without email, a member's invitation link (contacts/invitation-link.ts)
 * is what vouches for a newcomer. Linking the invitation to the new person
 * stays the app's referral step after sign-in, as with any issuer.
 */
async function ensureInvited(tx: DbOrTx, invitation: string | undefined, invitationKey: string): Promise<void> {
  const refused = () => new AppError('sign_up_closed', 'Sign-up needs email or an invitation link');
  // Short links only: the older signed ones have no row to check, and never expire by being used.
  if (!invitation || invitation.includes('.')) throw refused();
  let target;
  try {
    target = await resolveInvitation(tx, invitation, invitationKey);
  } catch {
    throw refused();
  }
  // An invitation someone already accepted lets nobody else in (a forwarded link).
  const [entry] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, target.contactId), isNull(contacts.contactUserId)));
  if (!entry) throw refused();
}

/** Unconfirmed accounts over a day old, without a passkey, give their username back. */
async function releaseAbandonedSignUps(tx: DbOrTx): Promise<void> {
  await tx.delete(idpAccounts).where(
    and(
      isNull(idpAccounts.emailConfirmedAt),
      isNotNull(idpAccounts.email),
      lt(idpAccounts.createdAt, sql`now() - ${UNCONFIRMED_LIFETIME}`),
      sql`NOT EXISTS (SELECT 1 FROM ${idpPasskeys} WHERE ${idpPasskeys.accountId} = ${idpAccounts.id})`,
      // Accounts the picker made (loopback development) have no sign-up behind them: kept.
      sql`EXISTS (SELECT 1 FROM idp_account_tokens t WHERE t.account_id = ${idpAccounts.id} AND t.purpose = 'confirm_email')`,
    ),
  );
}

/** The link's account has proven its address; null when the link is not (or no longer) good. */
export async function markEmailConfirmed(tx: DbOrTx, accountId: string): Promise<void> {
  try {
    await tx
      .update(idpAccounts)
      .set({ emailConfirmedAt: sql`now()` })
      .where(eq(idpAccounts.id, accountId));
  } catch (error) {
    // idp_accounts_confirmed_email_key: someone confirmed the same address first.
    if ((error as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new AppError('email_in_use', 'This address already belongs to an account');
    }
    throw error;
  }
}
