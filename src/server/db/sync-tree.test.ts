import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { syncTree } from './sync-tree';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

it('flushes every file and every folder of a tree, nested ones too', async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lendloop-sync-'));
  mkdirSync(path.join(root, 'base/1'), { recursive: true });
  mkdirSync(path.join(root, 'pg_wal'));
  writeFileSync(path.join(root, 'PG_VERSION'), '18\n');
  writeFileSync(path.join(root, 'base/1/1259'), 'catalog');
  writeFileSync(path.join(root, 'base/1/1249'), 'catalog');
  writeFileSync(path.join(root, 'pg_wal/000000010000000000000001'), 'wal');
  // 4 files; 4 folders: the root, base, base/1 and pg_wal.
  expect(await syncTree(root)).toBe(8);
});

it('counts nothing and fails nothing for a folder that is gone', async () => {
  expect(await syncTree(path.join(tmpdir(), 'lendloop-sync-never-created-0f9a'))).toBe(0);
});
