import { assignLocation } from '../full-page-navigation';
import { unsubscribeThisDevice } from '../push-unsubscribe';

export const SIGN_OUT_PATH = '/api/logout';

/**
 * Sign-out is a full page navigation (spec §2): the server ends the session
 * and redirects. First this browser stops getting pushes (bounded by a short
 * timeout, so sign-out never hangs): on a shared browser the next person
 * would otherwise see the signed-out person's notifications.
 */
export async function signOut(): Promise<void> {
  await unsubscribeThisDevice();
  assignLocation(SIGN_OUT_PATH);
}
