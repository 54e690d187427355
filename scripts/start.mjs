#!/usr/bin/env node
// `npm start`: build what is missing or out of date, then run the server.
// A fresh clone needs nothing else: the server starts its own PostgreSQL and
// identity provider when DATABASE_URL and OIDC_ISSUER_URL are unset.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfOutdated, root } from './build-if-outdated.mjs';

buildIfOutdated();

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Pass SIGTERM (and Ctrl-C) on so the server can stop its PostgreSQL cleanly;
// the server ignores a repeated signal while it is stopping.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
