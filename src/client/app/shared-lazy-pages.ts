import { lazy } from 'react';

/**
 * Pages both route tables show (spec §2: /invite and /auth-debug work signed
 * in and signed out; so does a private loan link's page, /loan/{token}, issue 36). One lazy definition each, so both tables share a chunk.
 */
export const InvitePage = lazy(() => import('./routes/invite').then((m) => ({ default: m.InvitePage })));
export const AuthDebugPage = lazy(() => import('./routes/auth-debug').then((m) => ({ default: m.AuthDebugPage })));
export const LoanLinkPage = lazy(() => import('./routes/loan-link').then((m) => ({ default: m.LoanLinkPage })));
// The built-in provider's passkey pages (docs/decisions/0051): signed out as a rule, but a signed-in person may switch accounts.
const passkeyPages = () => import('./routes/passkey-sign-in');
export const PasskeySignInPage = lazy(() => passkeyPages().then((m) => ({ default: m.PasskeySignInPage })));
export const ConfirmEmailPage = lazy(() => passkeyPages().then((m) => ({ default: m.ConfirmEmailPage })));
export const RecoverAccountPage = lazy(() => passkeyPages().then((m) => ({ default: m.RecoverAccountPage })));
