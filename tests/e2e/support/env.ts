/**
 * Where the e2e server listens. scripts/e2e-server.mjs reads the same
 * E2E_PORT and sets PUBLIC_URL to BASE_URL: the OIDC redirect URIs derive
 * from it, so the browser must use exactly this address.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/** Tailwind's md breakpoint: from here up the header navigation replaces the bottom bar. */
export const MD_BREAKPOINT_PX = 768;
