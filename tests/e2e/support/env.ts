import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the e2e server listens. scripts/e2e-server.mjs reads the same
 * E2E_PORT and sets PUBLIC_URL to BASE_URL: the OIDC redirect URIs derive
 * from it, so the browser must use exactly this address.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The loopback push service of push-delivery.spec.ts stands in for the
 * browser vendor's (FCM). The server can only reach it if it trusts its
 * self-signed certificate from its start (NODE_EXTRA_CA_CERTS) and allows its
 * host and port (PUSH_ENDPOINT_HOSTS): scripts/e2e-server.mjs makes the
 * certificate in this folder before starting the server, the spec serves
 * with it on this port. playwright.config.ts passes both to the script.
 */
export const E2E_PUSH_PORT = Number(process.env.E2E_PUSH_PORT ?? E2E_PORT + 100);
export const E2E_PUSH_TLS_DIR = process.env.E2E_PUSH_TLS_DIR ?? path.join(tmpdir(), `lendloop-e2e-push-${E2E_PORT}`);
export const E2E_PUSH_TLS = {
  keyFile: path.join(E2E_PUSH_TLS_DIR, 'key.pem'),
  certificateFile: path.join(E2E_PUSH_TLS_DIR, 'cert.pem'),
};

/** Tailwind's md breakpoint: from here up the header navigation replaces the bottom bar. */
export const MD_BREAKPOINT_PX = 768;
