import { open, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Flushes every file and folder under `dir` to disk, files first and each
 * folder after its entries: what `initdb --sync-only` does, and what initdb
 * does at its end unless told `--no-sync`. The embedded cluster is created
 * with `--no-sync` and synced by this in the background, so a first start
 * does not wait for it (docs/decisions/0037).
 *
 * One file at a time: it runs beside the server's start and must not take
 * the machine's file descriptors or disk from it. Resolves with the number
 * of files and folders flushed.
 */
export async function syncTree(dir: string): Promise<number> {
  let flushed = 0;
  const visit = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(ignoreVanished);
    for (const entry of entries ?? []) {
      const entryPath = path.join(folder, entry.name);
      if (entry.isDirectory()) await visit(entryPath);
      else if (entry.isFile() && (await flush(entryPath))) flushed += 1;
    }
    if (await flush(folder)) flushed += 1;
  };
  await visit(dir);
  return flushed;
}

/** fsync of one path; false when it is gone (PostgreSQL removes temporary files) or cannot be flushed this way. */
async function flush(target: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(target, 'r');
    await handle.sync();
    return true;
  } catch (error) {
    // Gone since the listing, or (Windows) a folder, which cannot be opened to flush it.
    if (isCode(error, 'ENOENT', 'EISDIR', 'EPERM')) return false;
    throw error;
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
