import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { flush, syncTree } from './sync-tree';

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
  expect(await syncTree(root)).toEqual({ flushed: 8, failed: 0, errors: [] });
});

it('counts nothing and fails nothing for a folder that is gone', async () => {
  expect(await syncTree(path.join(tmpdir(), 'lendloop-sync-never-created-0f9a'))).toEqual({
    flushed: 0,
    failed: 0,
    errors: [],
  });
});

it('goes on past a path it cannot flush, names it, and flushes each folder after its files', async () => {
  root = mkdtempSync(path.join(tmpdir(), 'lendloop-sync-'));
  mkdirSync(path.join(root, 'sub'));
  for (const name of ['a', 'b', 'sub/c']) writeFileSync(path.join(root, name), name);
  const order: string[] = [];
  const result = await syncTree(root, async (target) => {
    order.push(path.relative(root!, target) || '.');
    return target.endsWith(`${path.sep}b`) ? 'Error: EIO: i/o error, fsync' : flush(target);
  });
  expect(result).toEqual({ flushed: 4, failed: 1, errors: [`${path.join(root, 'b')}: Error: EIO: i/o error, fsync`] });
  expect(order.slice(-2)).toEqual(['sub', '.']);
  expect(order.slice(0, 3).sort()).toEqual(['a', 'b', 'sub/c']);
});
