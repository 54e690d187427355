#!/usr/bin/env node
// `npm start`: build what is missing or out of date, then run the server.
// A fresh clone needs nothing else: the server starts its own PostgreSQL and
// identity provider when DATABASE_URL and OIDC_ISSUER_URL are unset.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Newest modification time under the given paths (files or folders). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) for (const entry of readdirSync(p)) visit(path.join(p, entry));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return latest;
}

function outdated(output, inputs) {
  const target = path.join(root, output);
  return !existsSync(target) || statSync(target).mtimeMs < newest(inputs);
}

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = ['src/contract', 'package.json', 'package-lock.json'];
if (outdated('dist/client/index.html', ['src/client', 'public', 'index.html', 'vite.config.ts', ...shared]))
  run('build:client');
if (outdated('dist/server/main.js', ['src/server', ...shared])) run('build:server');

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Pass Ctrl-C / SIGTERM on so the server can stop its PostgreSQL cleanly.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
