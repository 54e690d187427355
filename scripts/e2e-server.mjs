#!/usr/bin/env node
// The server for the browser tests (playwright.config.ts starts it as its
// webServer): builds what is missing or out of date, then runs
// dist/server/main.js on E2E_PORT with a fresh, empty DATA_DIR, so every run
// starts with an empty embedded database and the built-in identity provider.
// The data folder is removed again when the server has stopped.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildIfOutdated, root } from './build-if-outdated.mjs';

const port = process.env.E2E_PORT ?? '4173';
const publicUrl = `http://127.0.0.1:${port}`;

// Build output goes to stderr: Playwright shows the webServer's stderr, and a failed build should be visible.
buildIfOutdated({
  force: process.env.E2E_ALWAYS_BUILD === '1',
  stdio: ['ignore', 2, 2],
  log: (line) => console.log(`[e2e-server] ${line}`),
});

const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-e2e-'));

// The loopback push service of push-delivery.spec.ts (tests/e2e/support/env.ts) stands in for the
// browser vendor's. Node reads NODE_EXTRA_CA_CERTS once, at start, so its self-signed certificate is
// made here, before the server, and the spec serves with the same key. Made fresh for every run.
const pushPort = process.env.E2E_PUSH_PORT ?? String(Number(port) + 100);
const pushTlsDir = process.env.E2E_PUSH_TLS_DIR ?? path.join(tmpdir(), `lendloop-e2e-push-${port}`);
const pushCertificate = path.join(pushTlsDir, 'cert.pem');
mkdirSync(pushTlsDir, { recursive: true, mode: 0o700 });
// The same certificate tests/support/fake-push-service.ts makes for itself: P-256, for 127.0.0.1, two days.
// prettier-ignore
execFileSync('openssl', [
  'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
  '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  '-keyout', path.join(pushTlsDir, 'key.pem'), '-out', pushCertificate,
], { stdio: 'ignore' });
// e2e always runs on the embedded defaults: own PostgreSQL, built-in provider.
const IGNORED = new Set([
  'DATABASE_URL',
  'OIDC_ISSUER_URL',
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'ALLOW_BUILTIN_IDP',
]);
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !IGNORED.has(name)));
Object.assign(env, {
  NODE_ENV: 'production',
  PORT: port,
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  DATA_DIR: dataDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Every person of every spec signs in from 127.0.0.1, so the per-address
  // limit meant for one client (600 a minute) would throttle the whole
  // suite at once; per-account limits still apply as in production.
  RATE_LIMIT_PER_MINUTE: '6000',
  // Trusted and allowed for the loopback push service only: that one port, not any 127.0.0.1 address
  // (push.spec.ts checks another loopback port is still refused).
  NODE_EXTRA_CA_CERTS: pushCertificate,
  PUSH_ENDPOINT_HOSTS: `127.0.0.1:${pushPort}`,
});

// Own process group: Playwright (and Ctrl-C) signal our whole group, and the
// server must receive exactly one signal (a second one would end it before it
// has stopped PostgreSQL). We forward it ourselves.
const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.js')], {
  cwd: root,
  env,
  stdio: 'inherit',
  detached: true,
});

let cleanedUp = false;
function removeDataDir() {
  if (cleanedUp) return;
  cleanedUp = true;
  for (const dir of [dataDir, pushTlsDir]) {
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.error(`[e2e-server] could not remove ${dir}: ${error}`);
    }
  }
}

let forwarded = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (forwarded) return;
    forwarded = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on('exit', (code, signal) => {
  removeDataDir();
  process.exit(code ?? (signal ? 1 : 0));
});
// Last resort if the wrapper itself ends first (e.g. an exception here).
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGTERM');
});
