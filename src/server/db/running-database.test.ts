import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../db/data-dir-lock';
import { startEmbeddedPostgres, type RunningPostgres } from '../db/embedded-postgres';
import { findRunningEmbedded } from './running-database';

const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-seed-target-'));
let cluster: RunningPostgres | undefined;
afterAll(async () => {
  await cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a command (seed, photos:move) finding the running embedded PostgreSQL', () => {
  it("connects to a live server's PostgreSQL, never to one whose server is gone", async () => {
    expect(await findRunningEmbedded(dataDir)).toBeUndefined();
    cluster = await startEmbeddedPostgres({ dataDir, logger: pino({ level: 'silent' }) });
    // This process holds the lock, as a running server would.
    expect(await findRunningEmbedded(dataDir)).toMatchObject({ port: cluster.port });

    // The owner was killed: its PostgreSQL still answers, but the seed must start
    // (and so take over) the folder rather than write into an orphan.
    const dead = spawn('true', [], { stdio: 'ignore' });
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: dead.pid, startedAt: 'boot:1', role: 'server', token: 'killed-server' }),
    );
    expect(await findRunningEmbedded(dataDir)).toBeUndefined();
  });
});
