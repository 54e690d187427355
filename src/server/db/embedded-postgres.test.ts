import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

const logger = pino({ level: 'silent' });
const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-embedded-'));
let first: RunningPostgres | undefined;

afterAll(async () => {
  await first?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL', () => {
  it('keeps a second server off the same data folder with a clear message, and keeps data across restarts', async () => {
    first = await startEmbeddedPostgres({ dataDir, logger });
    const client = new pg.Client({ connectionString: first.urlFor('postgres') });
    await client.connect();
    await client.query('CREATE TABLE kept (note text)');
    await client.query("INSERT INTO kept VALUES ('still here')");
    await client.end();

    const second = startEmbeddedPostgres({ dataDir, logger });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(/already used by another running Lendloop server/);

    await first.stop();
    first = await startEmbeddedPostgres({ dataDir, logger });
    const again = new pg.Client({ connectionString: first.urlFor('postgres') });
    await again.connect();
    const { rows } = await again.query('SELECT note FROM kept');
    await again.end();
    expect(rows).toEqual([{ note: 'still here' }]);
  });
});
