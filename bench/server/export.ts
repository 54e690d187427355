import { readFile, writeFile } from 'node:fs/promises';
import type pg from 'pg';
import { createSession } from '@/server/auth/session-store';
import type { Database } from '@/server/db/client';

/**
 * The account export's own figure (issue 14: "a new capability that can be
 * slow comes with its own figure"): one person of the generated community
 * with `messages` extra messages downloads their export, a few times in a
 * row; we record the time to the last byte and how much the server's
 * resident memory grows while it streams.
 */
export interface ExportMeasurement {
  /** Messages the person has in all (generated conversations plus the added ones). */
  messages: number;
  runs: number;
  bytes: number;
  seconds: { median: number; max: number };
  /** Server RSS before the first run, and the largest peak above it in any run (MiB). */
  rssBeforeMiB: number | null;
  rssGrowthMiB: number | null;
  /** How the peak was read: the kernel's high-water mark (reset per run) or sampling every 5 ms. */
  peakMethod: 'VmHWM' | 'sampled' | 'none';
}

const PERSON_N = 1;
const PARTNER_N = 2;

/** Adds `count` messages between community member 1 and member 2 (set-based) and signs member 1 in. */
export async function prepareExportPerson(
  client: pg.PoolClient,
  db: Database,
  count: number,
): Promise<{ id: string; cookie: string; messages: number }> {
  const { rows } = await client.query<{ n: number; id: string }>(
    'SELECT n, id FROM bench.person WHERE n = ANY($1::int[])',
    [[PERSON_N, PARTNER_N]],
  );
  const id = rows.find((r) => r.n === PERSON_N)?.id;
  const partner = rows.find((r) => r.n === PARTNER_N)?.id;
  if (!id || !partner) throw new Error('The community has no members 1 and 2');
  await client.query(
    `INSERT INTO messages (sender_id, receiver_id, content, created_at, read_at)
     SELECT CASE WHEN g % 2 = 0 THEN $1::uuid ELSE $2::uuid END,
            CASE WHEN g % 2 = 0 THEN $2::uuid ELSE $1::uuid END,
            'Export benchmark message ' || g || ': could I borrow your ladder on Saturday morning?',
            now() - g * interval '1 minute', now()
       FROM generate_series(1, $3::int) AS g`,
    [id, partner, count],
  );
  await client.query('ANALYZE messages');
  const { rows: total } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM messages WHERE sender_id = $1 OR receiver_id = $1',
    [id],
  );
  return { id, cookie: `lendloop_session=${await createSession(db, id, null)}`, messages: total[0]?.n ?? 0 };
}

export async function measureExport(
  origin: string,
  serverPid: number | undefined,
  person: { id: string; cookie: string; messages: number },
  runs: number,
): Promise<ExportMeasurement> {
  const rssBefore = serverPid ? await statusKiB(serverPid, 'VmRSS') : null;
  const durations: number[] = [];
  let bytes = 0;
  let growth: number | null = null;
  let peakMethod: ExportMeasurement['peakMethod'] = serverPid ? 'VmHWM' : 'none';
  for (let run = 0; run < runs; run++) {
    const base = serverPid ? await statusKiB(serverPid, 'VmRSS') : null;
    // Writing 5 to clear_refs resets the peak (VmHWM) to the current RSS (Linux ≥ 4.0, same user or root).
    const canReset = serverPid
      ? await writeFile(`/proc/${serverPid}/clear_refs`, '5').then(
          () => true,
          () => false,
        )
      : false;
    if (!canReset && serverPid) peakMethod = 'sampled';
    let sampledPeak = base ?? 0;
    const sampler =
      serverPid && !canReset
        ? setInterval(() => {
            void statusKiB(serverPid, 'VmRSS').then((kib) => (sampledPeak = Math.max(sampledPeak, kib ?? 0)));
          }, 5)
        : null;
    const started = performance.now();
    const response = await fetch(`${origin}/api/gdpr/export/${person.id}`, {
      method: 'POST',
      headers: { cookie: person.cookie, origin },
    });
    if (!response.ok || !response.body) throw new Error(`export answered ${response.status}: ${await response.text()}`);
    const keep = run === 0;
    const chunks: Uint8Array[] = [];
    let received = 0;
    const reader = response.body.getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      received += next.value.byteLength;
      if (keep) chunks.push(next.value);
    }
    durations.push((performance.now() - started) / 1000);
    if (sampler) clearInterval(sampler);
    bytes = received;
    if (keep) checkExport(Buffer.concat(chunks).toString('utf8'), person.messages);
    const peak = canReset && serverPid ? await statusKiB(serverPid, 'VmHWM') : sampledPeak;
    if (peak !== null && base !== null) growth = Math.max(growth ?? 0, (peak - base) / 1024);
  }
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    messages: person.messages,
    runs,
    bytes,
    seconds: { median: sorted[Math.floor(sorted.length / 2)] ?? 0, max: sorted.at(-1) ?? 0 },
    rssBeforeMiB: rssBefore === null ? null : rssBefore / 1024,
    rssGrowthMiB: growth,
    peakMethod,
  };
}

/** A wrong or truncated file is an error, not a fast figure. */
function checkExport(text: string, expectedMessages: number): void {
  const parsed = JSON.parse(text) as { messages?: unknown[] };
  if (parsed.messages?.length !== expectedMessages) {
    throw new Error(`the export holds ${parsed.messages?.length ?? 'no'} messages, expected ${expectedMessages}`);
  }
}

export async function statusKiB(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

export function exportMarkdown(result: ExportMeasurement): string[] {
  const mib = (value: number | null) => (value === null ? '?' : value.toFixed(1));
  return [
    `Account export (POST /api/gdpr/export, one person with ${result.messages.toLocaleString('en-US')} messages, ` +
      `${result.runs} downloads one after another): **${result.seconds.median.toFixed(2)} s** median to the last byte ` +
      `(slowest ${result.seconds.max.toFixed(2)} s), ${(result.bytes / 2 ** 20).toFixed(1)} MiB of JSON; server memory ` +
      `**+${mib(result.rssGrowthMiB)} MiB** at the peak over ${mib(result.rssBeforeMiB)} MiB resident before ` +
      `(${result.peakMethod === 'VmHWM' ? 'kernel high-water mark, reset before each download' : result.peakMethod === 'sampled' ? 'RSS sampled every 5 ms' : 'not measured: no /proc'}). ` +
      'The export reads 500 rows per query, so memory should not grow with the number of messages.',
  ];
}
