import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processExists } from '@/server/db/data-dir-lock';
import { embeddedDatabaseUrl, embeddedPostmasterPid, seedPeople } from './support/fault-database';
import { openLiveStream, triggerItemsChanged } from './support/live-stream';
import { freePort, startServer, type ServerProcess } from './support/server-process';
import { expectNoAcknowledgedWriteLost, expectWritesAcknowledgedAroundFaults, report, sleep } from './support/verdicts';
import { startWriteLoad, statusCounts } from './support/write-load';

const CYCLES = 5;
const dataDir = mkdtempSync(path.join(tmpdir(), 'lendloop-faults-postmaster-'));
const logFile = `${dataDir}.log`;
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 of the embedded postmaster', () => {
  it(`is survived ${CYCLES} times: PostgreSQL restarted, requests served, the same live stream delivering again`, async () => {
    const running = startServer({ dataDir, port: await freePort(), logFile });
    server = running;
    await running.waitHealthy(60_000);
    const people = await seedPeople(embeddedDatabaseUrl(dataDir));
    // One stream for the whole run: it must survive the faults, not be replaced.
    const stream = await openLiveStream(running.baseUrl, people.watcher);
    await stream.waitFor('ready', 0, 5_000);
    const load = startWriteLoad(() => running.baseUrl, people.writer);
    const recoveries: number[] = [];
    const kills: number[] = [];

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      await sleep(800);
      const postmaster = embeddedPostmasterPid(dataDir);
      const mark = stream.events.length;
      const killedAt = Date.now();
      kills.push(killedAt);
      process.kill(postmaster, 'SIGKILL');
      // The server restarts its PostgreSQL (a new postmaster writes a new postmaster.pid).
      await expect.poll(() => embeddedPostmasterPid(dataDir), { timeout: 15_000, interval: 100 }).not.toBe(postmaster);
      await running.waitHealthy(15_000);
      recoveries.push(Date.now() - killedAt);
      expect(running.alive(), `cycle ${cycle}: the server process survived`).toBe(true);
      expect(processExists(postmaster)).toBe(false);

      // The listener reconnected: a second `ready` tells the stream to refetch, then events flow again.
      await stream.waitFor('ready', mark, 15_000);
      await triggerItemsChanged(running.baseUrl, people.writer, people.watcher);
      await stream.waitFor('items_changed', mark, 10_000);
    }
    // Writes must get through after the last restart too before the load stops.
    await sleep(500);
    await load.stop();
    const perInterval = expectWritesAcknowledgedAroundFaults(load, kills);

    const failures = load.outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
    expect(statusCounts(failures), 'a lost database answers 503 database_unavailable, nothing else').toEqual(
      failures.length > 0 ? { '503 database_unavailable': failures.length } : {},
    );
    const writes = await expectNoAcknowledgedWriteLost(embeddedDatabaseUrl(dataDir), people.writer, load);
    // The stream is still open: the shutdown must end it, not wait for it.
    const stopped = await running.stop();
    stream.close();
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(10_000);
    report('kill -9 of the embedded postmaster', [
      `${CYCLES} cycles; serving again after ${recoveries.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(', ')}`,
      writes,
      `writes acknowledged before the first and after each kill: ${perInterval.join(', ')}`,
      `the same live stream resynced and delivered after every kill; clean stop took ${stopped.ms} ms`,
    ]);
    // Kept only when the run failed, for the diagnosis.
    rmSync(logFile, { force: true });
  });
});
