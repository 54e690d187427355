import { open, readdir } from 'node:fs/promises';
import path from 'node:path';

/** fsyncs in flight at once: enough for the disk to merge writes, few enough to leave descriptors and I/O to the server. */
const FLUSH_PARALLELISM = 8;

export interface SyncTreeResult {
  /** Files and folders flushed. */
  flushed: number;
  /** Those that could not be flushed (each is named in `errors`, up to five). */
  failed: number;
  errors: string[];
}

/**
 * Flushes every file and folder under `dir` to disk, the files first and
 * each folder after everything inside it: what `initdb --sync-only` does,
 * and what initdb does at its end unless told `--no-sync`. The embedded
 * cluster is created with `--no-sync` and flushed by this once the server
 * listens (docs/decisions/0037).
 *
 * A path that cannot be flushed is counted and the walk goes on (as
 * PostgreSQL's own folder sync does): one bad file must not leave the rest
 * unflushed.
 */
export async function syncTree(
  dir: string,
  /** Flushes one path (the tests give one that fails on purpose; root can open every file). */
  flushPath: (target: string) => Promise<string> = flush,
): Promise<SyncTreeResult> {
  const files: string[] = [];
  const folders: string[] = [];
  const list = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(ignoreVanished);
    if (!entries) return;
    for (const entry of entries) {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) await list(entryPath);
      else if (entry.isFile()) files.push(entryPath);
    }
    // After its subfolders: `folders` runs deepest first.
    folders.push(folder);
  };
  await list(dir);

  const result: SyncTreeResult = { flushed: 0, failed: 0, errors: [] };
  const flushOne = async (target: string) => {
    const outcome = await flushPath(target);
    if (outcome === 'flushed') result.flushed += 1;
    else if (outcome !== 'skipped') {
      result.failed += 1;
      if (result.errors.length < 5) result.errors.push(`${target}: ${outcome}`);
    }
  };
  const queue = files.reverse();
  const worker = async () => {
    for (let target = queue.pop(); target !== undefined; target = queue.pop()) await flushOne(target);
  };
  await Promise.all(Array.from({ length: Math.min(FLUSH_PARALLELISM, queue.length) }, worker));
  // A folder's entries are durable once the folder itself is flushed: after its files.
  for (const folder of folders) await flushOne(folder);
  return result;
}

/** fsync of one path: 'flushed', 'skipped' (gone since the listing; a folder on Windows), or the error's text. */
export async function flush(target: string): Promise<string> {
  let handle;
  try {
    handle = await open(target, 'r');
    await handle.sync();
    return 'flushed';
  } catch (error) {
    // PostgreSQL removes temporary files; Windows cannot open a folder to flush it.
    if (isCode(error, 'ENOENT', 'EISDIR', 'EPERM')) return 'skipped';
    return String(error);
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

function ignoreVanished(error: unknown): undefined {
  if (isCode(error, 'ENOENT')) return undefined;
  throw error;
}

function isCode(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && 'code' in error && codes.includes(String(error.code));
}
