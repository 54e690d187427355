import { eq } from 'drizzle-orm';
import type { ConfirmedEmail } from '../../../contract/schemas/passkeys';
import type { Database } from '../../db/client';
import { idpAccounts } from '../../db/schema';
import { issueAccountToken, redeemAccountToken } from './one-time-tokens';
import { invalidLink } from './register-passkey';
import { markEmailConfirmed } from './sign-up';

/**
 * POST /api/idp/email-confirmations: the sign-up link was opened. The
 * address is confirmed and the page gets a ticket to register the first
 * passkey; the link itself is spent.
 */
export async function confirmEmail(db: Database, token: string): Promise<ConfirmedEmail> {
  return db.transaction(async (tx) => {
    const accountId = await redeemAccountToken(tx, token, 'confirm_email');
    if (!accountId) throw invalidLink();
    await markEmailConfirmed(tx, accountId);
    const [account] = await tx
      .select({ name: idpAccounts.name, username: idpAccounts.username })
      .from(idpAccounts)
      .where(eq(idpAccounts.id, accountId));
    if (!account) throw invalidLink();
    return { ticket: await issueAccountToken(tx, accountId, 'add_passkey'), ...account };
  });
}
