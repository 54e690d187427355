// Shared by `npm start` and the e2e server: rebuild dist/ only when it is
// missing or older than its sources, so a fresh clone builds once and later
// starts are instant.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SHARED_INPUTS = ['src/contract', 'package.json', 'package-lock.json'];
const TARGETS = [
  {
    script: 'build:client',
    output: 'dist/client/index.html',
    inputs: ['src/client', 'public', 'index.html', 'vite.config.ts'],
  },
  { script: 'build:server', output: 'dist/server/main.js', inputs: ['src/server', 'drizzle'] },
];

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
  return !existsSync(target) || statSync(target).mtimeMs < newest([...inputs, ...SHARED_INPUTS]);
}

/**
 * Runs the build scripts whose output is out of date. `stdio` lets the e2e
 * wrapper send build output to stderr, where Playwright shows it.
 */
export function buildIfOutdated({ force = false, stdio = 'inherit', log = console.log } = {}) {
  for (const target of TARGETS) {
    if (!force && !outdated(target.output, target.inputs)) continue;
    log(`> npm run ${target.script}`);
    // Always a production build, whatever NODE_ENV the caller has: vitest sets
    // it to `test` (the fault suite's set-up builds through here), and Vite
    // then builds React's development code and leaves the service worker out.
    const result = spawnSync('npm', ['run', '--silent', target.script], {
      cwd: root,
      stdio,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
