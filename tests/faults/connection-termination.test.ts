import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedDatabaseUrl, seedPeople, terminateAppConnections, withClient } from './support/fault-database';
import { openLiveStream, triggerItemsChanged } from './support/live-stream';
import { freePort, startServer, type ServerProcess } from './support/server-process';
import { expectNoAcknowledgedWriteLost, expectWritesAcknowledgedAroundFaults, report, sleep } from './support/verdicts';
import { startWriteLoad, statusCounts } from './support/write-load';

const CYCLES = 5;
/** A lost connection may fail the requests on it and those that raced its replacement: not more. */
const RECOVERY_WINDOW_MS = 3_000;
/**
 * An external PostgreSQL to run the same cycles against (CI: Debian's
 * PostgreSQL 15). A connection string with CREATE DATABASE rights; the run
 * gets a database of its own there.
 */
const externalAdminUrl = process.env.FAULTS_DATABASE_URL;

const cleanUps: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanUp of cleanUps.reverse()) await cleanUp();
});

async function terminationCycles(target: 'embedded' | 'external'): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `lendloop-faults-terminate-${target}-`));
  const logFile = `${dataDir}.log`;
  let databaseUrl: string | undefined;
  if (target === 'external' && externalAdminUrl) {
    const name = `lendloop_faults_${randomBytes(4).toString('hex')}`;
    await withClient(externalAdminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
    const url = new URL(externalAdminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.href;
    cleanUps.push(() =>
      withClient(externalAdminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => undefined,
      ),
    );
  }
  const server: ServerProcess = startServer({ dataDir, port: await freePort(), logFile, databaseUrl });
  cleanUps.push(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await server.waitHealthy(60_000);
  const url = databaseUrl ?? embeddedDatabaseUrl(dataDir);
  const people = await seedPeople(url);
  const stream = await openLiveStream(server.baseUrl, people.watcher);
  await stream.waitFor('ready', 0, 5_000);
  const load = startWriteLoad(() => server.baseUrl, people.writer);
  const terminations: number[] = [];
  const ended: number[] = [];

  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    await sleep(800);
    const mark = stream.events.length;
    terminations.push(Date.now());
    ended.push(await terminateAppConnections(url));
    // At least the LISTEN connection and the pool's (busy under the load): none ended means no fault was injected.
    expect(ended.at(-1), `cycle ${cycle}: app connections ended`).toBeGreaterThan(0);
    expect(server.alive(), `cycle ${cycle}: the server survived`).toBe(true);
    // The LISTEN connection was among them: it reconnects, the stream resyncs and delivers again.
    await stream.waitFor('ready', mark, 15_000);
    await triggerItemsChanged(server.baseUrl, people.writer, people.watcher);
    await stream.waitFor('items_changed', mark, 10_000);
  }
  await sleep(500);
  await load.stop();

  const failures = load.outcomes.filter((outcome) => outcome.status < 200 || outcome.status >= 300);
  expect(statusCounts(failures), 'a lost connection answers 503 database_unavailable, nothing else').toEqual(
    failures.length > 0 ? { '503 database_unavailable': failures.length } : {},
  );
  // 503 only while the connections are gone: each failure follows a termination closely.
  const late = failures.filter(
    (failure) => !terminations.some((at) => failure.at >= at && failure.at - at < RECOVERY_WINDOW_MS),
  );
  expect(late, 'failures long after any termination').toEqual([]);
  const perInterval = expectWritesAcknowledgedAroundFaults(load, terminations);
  const writes = await expectNoAcknowledgedWriteLost(url, people.writer, load);
  const stopped = await server.stop();
  stream.close();
  expect(stopped.code).toBe(0);
  expect(stopped.ms).toBeLessThan(10_000);
  report(`pg_terminate_backend of all app connections under write load (${target} PostgreSQL)`, [
    `${CYCLES} cycles; connections ended per cycle: ${ended.join(', ')}`,
    writes,
    `writes acknowledged before the first and after each termination: ${perInterval.join(', ')}`,
    `the same live stream resynced and delivered after every cycle; clean stop took ${stopped.ms} ms`,
  ]);
  // Kept only when the run failed, for the diagnosis.
  rmSync(logFile, { force: true });
}

describe('pg_terminate_backend of all the server’s connections under write load', () => {
  it(`is survived ${CYCLES} times with the embedded PostgreSQL`, () => terminationCycles('embedded'));

  it.runIf(externalAdminUrl)(`is survived ${CYCLES} times with an external PostgreSQL (DATABASE_URL)`, () =>
    terminationCycles('external'),
  );
});
