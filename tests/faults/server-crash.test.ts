import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processExists, readDataDirLock } from '@/server/db/data-dir-lock';
import { embeddedDatabaseUrl, embeddedPostmasterPid, seedPeople } from './support/fault-database';
import { openLiveStream, triggerItemsChanged, type LiveStream } from './support/live-stream';
import { freePort, startServer, type ServerProcess } from './support/server-process';
import { expectNoAcknowledgedWriteLost, expectWritesAcknowledgedAroundFaults, report, sleep } from './support/verdicts';
import { startWriteLoad, statusCounts } from './support/write-load';

const CYCLES = 5;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-faults-crash-'));
const logFile = `${dataDir}.log`;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 of the server, then a start on the same DATA_DIR', () => {
  it(`comes back healthy within 15 s, ${CYCLES} times, losing no acknowledged write`, async () => {
    const port = await freePort();
    const start = () => startServer({ dataDir, port, logFile });
    let current = start();
    server = current;
    // The first start also runs initdb and the migrations.
    await current.waitHealthy(60_000);
    const people = await seedPeople(embeddedDatabaseUrl(dataDir));
    const load = startWriteLoad(() => current.baseUrl, people.writer);
    const restarts: number[] = [];
    const streams: LiveStream[] = [];
    const killedAt: number[] = [];

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      await sleep(800);
      const orphan = embeddedPostmasterPid(dataDir);
      killedAt.push(Date.now());
      await current.kill9();
      // The crash left its PostgreSQL running and its lock behind: the situation of finding 1.
      expect(processExists(orphan), `cycle ${cycle}: the killed server's PostgreSQL still runs`).toBe(true);
      expect(readDataDirLock(dataDir)?.pid).not.toBe(undefined);

      current = start();
      server = current;
      restarts.push(await current.waitHealthy(15_000));
      expect(processExists(orphan), `cycle ${cycle}: the orphaned PostgreSQL was stopped`).toBe(false);

      const stream = await openLiveStream(current.baseUrl, people.watcher);
      await stream.waitFor('ready', 0, 5_000);
      await triggerItemsChanged(current.baseUrl, people.writer, people.watcher);
      await stream.waitFor('items_changed', 0, 10_000);
      // Left open: the next kill (or the final stop) ends it.
      streams.push(stream);
    }
    // The last restarted server must get writes through too before the load stops.
    await sleep(500);
    await load.stop();
    const perServer = expectWritesAcknowledgedAroundFaults(load, killedAt);
    // A killed server answers nothing (0: connection refused or reset); one that answers fails only with 503.
    const answeredFailures = load.outcomes.filter(
      (outcome) => outcome.status !== 0 && (outcome.status < 200 || outcome.status >= 300),
    );
    expect(statusCounts(answeredFailures), 'answered failures are 503 database_unavailable only').toEqual(
      answeredFailures.length > 0 ? { '503 database_unavailable': answeredFailures.length } : {},
    );
    const writes = await expectNoAcknowledgedWriteLost(embeddedDatabaseUrl(dataDir), people.writer, load);

    const stopped = await current.stop();
    for (const stream of streams) stream.close();
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    expect(readDataDirLock(dataDir), 'a clean stop releases the data folder').toBeUndefined();
    report('kill -9 of the server, restart on the same DATA_DIR', [
      `${CYCLES} cycles; healthy again after ${restarts.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      writes,
      `writes acknowledged by each server in turn: ${perServer.join(', ')}`,
      `live stream delivered after every restart; clean stop took ${stopped.ms} ms`,
    ]);
    // Kept only when the run failed, for the diagnosis.
    rmSync(logFile, { force: true });
  });
});
