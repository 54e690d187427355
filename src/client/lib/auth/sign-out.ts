import { assignLocation } from '../full-page-navigation';

export const SIGN_OUT_PATH = '/api/logout';

/** Sign-out is a full page navigation (spec §2): the server ends the session and redirects. */
export function signOut(): void {
  assignLocation(SIGN_OUT_PATH);
}
