import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The suite runs the built server (dist/server/main.js): build it when it is missing or older than its sources. */
export default function setup(): void {
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "import('./scripts/build-if-outdated.mjs').then((m) => m.buildIfOutdated())"],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error('building the server failed');
}
