import type { ConfirmedEmail, WebauthnOptions } from '@/contract/schemas/passkeys';
import { apiAnswer } from '@/client/lib/api-client';
import { promptPasskeyCreation } from '../lib/webauthn';

/** POST /api/idp/email-confirmations: the mailed link's token; the ticket for the first passkey. */
export function confirmEmail(token: string): Promise<ConfirmedEmail> {
  return apiAnswer<ConfirmedEmail>('POST', '/api/idp/email-confirmations', { body: { token } });
}

/** Registers a passkey under `name` with a ticket (from a confirmed address, or a recovery link). */
export async function registerPasskeyWithTicket(ticket: string, name: string): Promise<void> {
  const { challengeId, options } = await apiAnswer<WebauthnOptions>('POST', '/api/idp/passkey-registrations/options', {
    body: { ticket },
  });
  const response = await promptPasskeyCreation(options);
  await apiAnswer('POST', '/api/idp/passkey-registrations', { body: { ticket, challengeId, name, response } });
}

/** "Lost your passkey?": the server mails a link if the address has an account, and says the same either way. */
export async function requestRecovery(email: string): Promise<void> {
  await apiAnswer('POST', '/api/idp/recoveries', { body: { email } });
}

/** POST /api/idp/recoveries/redeem: the recovery link's token; the ticket for a new passkey. */
export function redeemRecovery(token: string): Promise<ConfirmedEmail> {
  return apiAnswer<ConfirmedEmail>('POST', '/api/idp/recoveries/redeem', { body: { token } });
}
