import { lazy } from 'react';

/**
 * Pages both route tables show (spec §2: /invite and /auth-debug work signed
 * in and signed out; so does a private loan link's page, /loan/{token}, issue 36). One lazy definition each, so both tables share a chunk.
 */
export const InvitePage = lazy(() => import('./routes/invite').then((m) => ({ default: m.InvitePage })));
export const AuthDebugPage = lazy(() => import('./routes/auth-debug').then((m) => ({ default: m.AuthDebugPage })));
export const LoanLinkPage = lazy(() => import('./routes/loan-link').then((m) => ({ default: m.LoanLinkPage })));
