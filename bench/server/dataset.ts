import type pg from 'pg';
import {
  ADJECTIVES,
  FIRST_NAMES,
  GROUP_PREFIXES,
  ITEM_DESCRIPTIONS,
  LAST_NAMES,
  MESSAGE_PHRASES,
  NOUNS,
  REQUEST_MESSAGES,
  TOWNS,
} from './vocabulary';

/**
 * The benchmark's community, generated set-based (INSERT … SELECT over
 * generate_series) so 5,000 users and 50,000 items take seconds, not
 * minutes. Everything is a pure function of the row number: user n has id
 * uid('user', n), item k belongs to user k mod N, and "random" choices are
 * hashes of the row number, so every run builds the same data.
 *
 * - Contacts: user n's address book holds the registered users n±1 … n±C/2
 *   (a ring of mutual contacts) plus two unregistered people.
 * - Groups: group g has 10–100 members spread over the ring (stride coprime
 *   to N, so no one twice), the first one its admin; 20 % are private, 10 %
 *   have no coordinates; the others scatter around twenty towns.
 * - Items: shared with the owner's nearest 3–15 contacts on each side (60 %
 *   of the items, and every item that has a lending request, so the
 *   requester could see it) and with about half of the owner's groups.
 * - Lending requests: 16 % of the items have a current one (pending,
 *   accepted or borrowed), 20 % a past one (returned, declined, withdrawn),
 *   each with the messages its steps post; users talk to their nearest
 *   neighbours in plain messages, every 100th user at length (300 messages).
 */
export interface DatasetShape {
  users: number;
  /** Registered contacts per user (even: half on each side of the ring). */
  contactsPerUser: number;
  groups: number;
  groupSize: { min: number; max: number };
  /** Each user talks to the next this-many users on the ring. */
  conversationPartners: number;
  messagesPerConversation: number;
  /** Every n-th user's first conversation is a long one. */
  longThreadEvery: number;
  longThreadLength: number;
}

export interface StepTiming {
  step: string;
  rows: number;
  seconds: number;
}

/** A deterministic, valid version-4 UUID for row `n` of a kind (the API's z.uuid() checks the version). */
export const uid = (kind: string, n: string) =>
  `(overlay(overlay(md5('${kind}:' || (${n})::text) placing '4' from 13) placing '8' from 17))::uuid`;

/** A deterministic non-negative pseudo-random integer for `expr`, different per salt. */
const hash = (salt: string, expr: string) => `(hashtext('${salt}:' || (${expr})::text) & 2147483647)`;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `(ARRAY[${values.map(literal).join(', ')}])`;
/** `values[i mod length]` in SQL (PostgreSQL arrays count from 1). */
const pick = (values: readonly string[], index: string) => `${textArray(values)}[1 + (${index}) % ${values.length}]`;

/** The name of user `n`: first × last name, so names repeat as they do in a real town. */
export const personName = (n: string) =>
  `${pick(FIRST_NAMES, n)} || ' ' || ${pick(LAST_NAMES, `(${n}) / ${FIRST_NAMES.length}`)}`;

const greatestCommonDivisor = (a: number, b: number): number => (b === 0 ? a : greatestCommonDivisor(b, a % b));

/** A stride that visits every user once before repeating: group members are spread over the whole ring. */
function memberStride(users: number): number {
  let stride = 37;
  while (greatestCommonDivisor(stride, users) !== 1) stride += 1;
  return stride;
}

/**
 * Drops the secondary indexes of `tables` (not those backing a primary key
 * or constraint) and returns a function that builds them again from their
 * own definitions: one sorted build instead of a random insert per row and
 * index, several times faster. Unique indexes check their rule when rebuilt.
 */
async function deferIndexes(client: pg.PoolClient, tables: readonly string[]): Promise<() => Promise<void>> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
      WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const row of rows) await client.query(`DROP INDEX ${row.name}`);
  return async () => {
    for (const row of rows) await client.query(row.definition);
  };
}

async function timedStep(timings: StepTiming[], step: string, run: () => Promise<number>): Promise<void> {
  const started = performance.now();
  const rows = await run();
  timings.push({ step, rows, seconds: (performance.now() - started) / 1000 });
}

function timed(client: pg.PoolClient, timings: StepTiming[], step: string, sql: string): Promise<void> {
  return timedStep(timings, step, async () => (await client.query(sql)).rowCount ?? 0);
}

/** Users, address books, groups and members, and the users' own conversations. */
export async function generateCommunity(client: pg.PoolClient, shape: DatasetShape): Promise<StepTiming[]> {
  const N = shape.users;
  const half = shape.contactsPerUser / 2;
  if (!Number.isInteger(half) || half * 2 + 1 >= N) throw new Error('contactsPerUser must be even and below users');
  if (shape.groupSize.max > N) throw new Error('A group cannot have more members than there are users');
  const timings: StepTiming[] = [];
  const rebuildIndexes = await deferIndexes(client, ['contacts', 'group_members', 'messages']);

  // Row number → id and name, computed once: joining it is cheaper than hashing a million ids.
  await client.query(`CREATE SCHEMA IF NOT EXISTS bench`);
  await client.query(`CREATE UNLOGGED TABLE bench.person (n int PRIMARY KEY, id uuid NOT NULL, name text NOT NULL)`);
  await timed(
    client,
    timings,
    'users',
    `WITH people AS (
       INSERT INTO bench.person SELECT n, ${uid('user', 'n')}, ${personName('n')} FROM generate_series(0, ${N - 1}) AS n
       RETURNING *)
     INSERT INTO users (id, issuer, subject, username, name, email, language, created_at, last_login, last_active)
     SELECT id, 'https://bench.lendloop.test', 'bench-' || n, 'user' || n, name,
            'user' || n || '@example.test', ${pick(['en', 'de', 'fr', 'it'], 'n')},
            now() - interval '800 days' + n * interval '1 minute', now() - interval '1 day', now()
       FROM people`,
  );
  await client.query('ANALYZE bench.person');

  await timed(
    client,
    timings,
    'contacts (registered)',
    `INSERT INTO contacts (user_id, contact_user_id, name, status, created_at, updated_at)
     SELECT owner.id, other.id, other.name, 'active', now() - interval '400 days', now() - interval '400 days'
       FROM bench.person owner
      CROSS JOIN generate_series(1, ${half}) AS d
      CROSS JOIN LATERAL (VALUES ((owner.n + d) % ${N}), ((owner.n - d + ${N}) % ${N})) AS ring(m)
       JOIN bench.person other ON other.n = ring.m`,
  );

  await timed(
    client,
    timings,
    'contacts (not registered)',
    `INSERT INTO contacts (user_id, name, phone, status, invitation_method, invited_at, created_at, updated_at)
     SELECT p.id, ${personName(`p.n + ${N} + j`)}, '+4179' || lpad((p.n * 2 + j)::text, 7, '0'),
            CASE WHEN j = 0 THEN 'pending' ELSE 'invited' END, CASE WHEN j = 1 THEN 'whatsapp' END,
            CASE WHEN j = 1 THEN now() - interval '10 days' END, now() - interval '20 days', now() - interval '20 days'
       FROM bench.person p CROSS JOIN generate_series(0, 1) AS j`,
  );

  const towns = TOWNS.map(([name, lat, lon], i) => `(${i}, ${literal(name)}, ${lat}, ${lon})`).join(', ');
  await timed(
    client,
    timings,
    'groups',
    `INSERT INTO groups (id, name, description, location, latitude, longitude, is_private, max_members, group_code,
                         admin_id, created_at, updated_at)
     SELECT ${uid('group', 'g')}, ${pick(GROUP_PREFIXES, `g / ${TOWNS.length}`)} || ' ' || town.name,
            'We lend and borrow among neighbours in ' || town.name || '.', town.name,
            CASE WHEN ${hash('coordinates', 'g')} % 10 <> 0 THEN town.lat + (${hash('lat', 'g')} % 1001 - 500) / 10000.0 END,
            CASE WHEN ${hash('coordinates', 'g')} % 10 <> 0 THEN town.lon + (${hash('lon', 'g')} % 1001 - 500) / 10000.0 END,
            ${hash('private', 'g')} % 5 = 0, 100, lpad(g::text, 10, '0'), admin.id,
            now() - interval '500 days' + g * interval '1 hour', now() - interval '500 days'
       FROM generate_series(0, ${shape.groups - 1}) AS g
       JOIN (VALUES ${towns}) AS town(i, name, lat, lon) ON town.i = g % ${TOWNS.length}
       JOIN bench.person admin ON admin.n = (g * 10) % ${N}`,
  );

  const stride = memberStride(N);
  const sizeRange = shape.groupSize.max - shape.groupSize.min + 1;
  await timed(
    client,
    timings,
    'group members',
    `INSERT INTO group_members (group_id, user_id, role, joined_at)
     SELECT ${uid('group', 'g')}, member.id,
            CASE WHEN k = 0 THEN 'admin' ELSE 'member' END, now() - interval '400 days' + k * interval '1 day'
       FROM generate_series(0, ${shape.groups - 1}) AS g
      CROSS JOIN LATERAL generate_series(0, ${shape.groupSize.min - 1} + ${hash('size', 'g')} % ${sizeRange}) AS k
       JOIN bench.person member ON member.n = (g * 10 + k * ${stride}) % ${N}`,
  );

  // Conversations: user n with n+1 … n+P; j-th message alternates sides; the last one may be unread.
  await timed(
    client,
    timings,
    'messages (conversations)',
    `INSERT INTO messages (sender_id, receiver_id, content, message_type, read_at, created_at)
     SELECT CASE WHEN j % 2 = 0 THEN one.id ELSE other.id END, CASE WHEN j % 2 = 0 THEN other.id ELSE one.id END,
            ${pick(MESSAGE_PHRASES, hash('phrase', 'one.n * 1000 + j'))}, 'user',
            CASE WHEN j = pair.len - 1 AND ${hash('unread', 'one.n * 10 + d')} % 3 = 0 THEN NULL
                 ELSE at.t + interval '1 minute' END,
            at.t
       FROM bench.person one
      CROSS JOIN generate_series(1, ${shape.conversationPartners}) AS d
      CROSS JOIN LATERAL (SELECT (one.n + d) % ${N} AS m,
                                 CASE WHEN d = 1 AND one.n % ${shape.longThreadEvery} = 0 THEN ${shape.longThreadLength}
                                      ELSE ${shape.messagesPerConversation} END AS len) AS pair
       JOIN bench.person other ON other.n = pair.m
      CROSS JOIN LATERAL generate_series(0, pair.len - 1) AS j
      CROSS JOIN LATERAL (SELECT now() - (${hash('conversation', 'one.n * 10 + d')} % 300) * interval '1 day'
                                 - (pair.len - j) * interval '7 minutes' AS t) AS at`,
  );
  await timedStep(timings, 'indexes', async () => {
    await rebuildIndexes();
    return 0;
  });
  return timings;
}

/**
 * Items k ∈ [from, to): a plan row per item (its hashes, decided once), the
 * items, their shares, their lending requests and the messages those posted.
 * Called again with a later range to grow the data set.
 */
export async function addItems(
  client: pg.PoolClient,
  shape: DatasetShape,
  from: number,
  to: number,
): Promise<StepTiming[]> {
  const N = shape.users;
  const maxWidth = Math.min(15, shape.contactsPerUser / 2);
  const timings: StepTiming[] = [];
  const range = `p.k >= ${from} AND p.k < ${to}`;

  await client.query(`CREATE SCHEMA IF NOT EXISTS bench`);
  await client.query(`CREATE UNLOGGED TABLE IF NOT EXISTS bench.item_plan (
    k int PRIMARY KEY, id uuid NOT NULL, owner_n int NOT NULL, owner_id uuid NOT NULL, created_at timestamptz NOT NULL,
    noun int NOT NULL, contact_width int NOT NULL, current_status text, past_status text, in_use boolean NOT NULL)`);
  const rebuildIndexes = await deferIndexes(client, [
    'items',
    'item_search_documents',
    'item_contact_permissions',
    'item_group_permissions',
    'lending_requests',
    'messages',
  ]);
  await setShareTriggers(client, false);
  const enableShareTriggers = () => setShareTriggers(client, true);
  await timed(
    client,
    timings,
    'item plan',
    `INSERT INTO bench.item_plan
     SELECT k, ${uid('item', 'k')}, k % ${N}, owner.id,
            now() - (${hash('age', 'k')} % (730 * 86400)) * interval '1 second',
            ${hash('noun', 'k')} % ${NOUNS.length},
            CASE WHEN h.contacts < 60 OR h.lending < 16 OR h.past < 20 THEN 3 + ${hash('width', 'k')} % ${maxWidth - 2}
                 ELSE 0 END,
            CASE WHEN h.lending < 4 THEN 'borrowed' WHEN h.lending < 6 THEN 'accepted' WHEN h.lending < 16 THEN 'pending' END,
            CASE WHEN h.past < 20 THEN ${pick(['returned', 'declined', 'withdrawn'], hash('past-status', 'k'))} END,
            h.lending >= 16 AND ${hash('in-use', 'k')} % 100 < 8
       FROM generate_series(${from}, ${to - 1}) AS k
       JOIN bench.person owner ON owner.n = k % ${N}
      CROSS JOIN LATERAL (SELECT ${hash('contacts', 'k')} % 100 AS contacts, ${hash('lending', 'k')} % 100 AS lending,
                                 ${hash('past', 'k')} % 100 AS past) AS h`,
  );
  await client.query('ANALYZE bench.item_plan');

  const nouns = NOUNS.map(([category, noun], i) => `(${i}, ${literal(category)}, ${literal(noun)})`).join(', ');
  await timed(
    client,
    timings,
    'items',
    `INSERT INTO items (id, owner_id, name, description, category, status, personal_use_until, created_at, updated_at)
     SELECT p.id, p.owner_id,
            CASE WHEN ${hash('adjective', 'p.k')} % 2 = 0
                 THEN ${pick(ADJECTIVES, hash('adjective-word', 'p.k'))} || ' ' || lower(v.noun) ELSE v.noun END,
            CASE WHEN ${hash('description', 'p.k')} % 5 <> 0 THEN ${pick(ITEM_DESCRIPTIONS, hash('description-text', 'p.k'))} END,
            v.category,
            CASE WHEN p.current_status = 'borrowed' THEN 'borrowed' WHEN p.in_use THEN 'in_use' ELSE 'available' END,
            CASE WHEN p.in_use AND p.k % 2 = 0 THEN current_date + 1 + ${hash('until', 'p.k')} % 60 END,
            p.created_at, p.created_at
       FROM bench.item_plan p
       JOIN (VALUES ${nouns}) AS v(i, category, noun) ON v.i = p.noun
      WHERE ${range}`,
  );

  await timed(
    client,
    timings,
    'shares with contacts',
    `INSERT INTO item_contact_permissions (item_id, contact_user_id, can_view, created_at)
     SELECT p.id, contact.id, true, p.created_at
       FROM bench.item_plan p
      CROSS JOIN LATERAL generate_series(1, p.contact_width) AS d
      CROSS JOIN (VALUES (1), (-1)) AS side(sign)
       JOIN bench.person contact ON contact.n = (p.owner_n + side.sign * d + ${N}) % ${N}
      WHERE ${range}`,
  );

  await timed(
    client,
    timings,
    'shares with groups',
    `INSERT INTO item_group_permissions (item_id, group_id, can_view, created_at)
     SELECT p.id, gm.group_id, true, p.created_at
       FROM bench.item_plan p
       JOIN group_members gm ON gm.user_id = p.owner_id
      WHERE ${range} AND ${hash('group-share', 'p.k::text || gm.group_id::text')} % 2 = 0`,
  );

  // The current request comes from the owner's next neighbour, a past one from the one after:
  // both are within every share width, so each requester can see the item.
  await timed(
    client,
    timings,
    'lending requests',
    `INSERT INTO lending_requests (id, item_id, requester_id, owner_id, message, requested_from, expected_return_date,
                                   status, owner_response, requested_at, responded_at, updated_at)
     SELECT r.id, p.id, requester.id, p.owner_id,
            ${pick(REQUEST_MESSAGES, hash('request-message', 'p.k * 2 + r.neighbour'))},
            r.starts, r.starts + 1 + ${hash('length', 'p.k')} % 14, r.status,
            CASE WHEN r.status IN ('accepted', 'declined') AND p.k % 3 = 0 THEN 'Sure, any evening after six.' END,
            r.at, CASE WHEN r.status NOT IN ('pending', 'withdrawn') THEN r.at + interval '3 hours' END,
            r.at + interval '3 hours'
       FROM bench.item_plan p
      CROSS JOIN LATERAL (VALUES
              (${uid('request', 'p.k')}, 1, p.current_status,
               now() - (1 + ${hash('requested', 'p.k')} % 20) * interval '1 day'),
              (${uid('past-request', 'p.k')}, 2, p.past_status,
               now() - (30 + ${hash('past-requested', 'p.k')} % 300) * interval '1 day')
            ) AS req(id, neighbour, status, at)
      CROSS JOIN LATERAL (SELECT req.id, req.neighbour, req.status, req.at,
                                 CASE WHEN req.status IN ('pending', 'accepted') THEN current_date + 2
                                      ELSE req.at::date + 1 END AS starts) AS r
       JOIN bench.person requester ON requester.n = (p.owner_n + r.neighbour) % ${N}
      WHERE ${range} AND r.status IS NOT NULL`,
  );

  // The messages each request's steps posted (lending-messages.ts: who sends which event).
  const steps = [
    ['pending', 0, 'request_created', true, ''],
    ['accepted', 0, 'request_created', true, ''],
    ['accepted', 1, 'request_accepted', false, 'Request accepted: '],
    ['borrowed', 0, 'request_created', true, ''],
    ['borrowed', 1, 'request_accepted', false, 'Request accepted: '],
    ['borrowed', 2, 'item_borrowed', false, 'Item handed over: '],
    ['returned', 0, 'request_created', true, ''],
    ['returned', 1, 'request_accepted', false, 'Request accepted: '],
    ['returned', 2, 'item_borrowed', false, 'Item handed over: '],
    ['returned', 3, 'item_returned', false, 'Item returned: '],
    ['declined', 0, 'request_created', true, ''],
    ['declined', 1, 'request_declined', false, 'Request declined: '],
    ['withdrawn', 0, 'request_created', true, ''],
    ['withdrawn', 1, 'request_withdrawn', true, 'Request withdrawn: '],
  ] as const;
  const stepRows = steps
    .map(
      ([status, step, event, byRequester, sentence]) =>
        `(${literal(status)}, ${step}, ${literal(event)}, ${byRequester}, ${literal(sentence)})`,
    )
    .join(', ');
  await timed(
    client,
    timings,
    'messages (lending)',
    `INSERT INTO messages (sender_id, receiver_id, content, message_type, system_event, lending_request_id, read_at,
                           created_at)
     SELECT CASE WHEN e.by_requester THEN lr.requester_id ELSE lr.owner_id END,
            CASE WHEN e.by_requester THEN lr.owner_id ELSE lr.requester_id END,
            CASE WHEN e.step = 0 THEN lr.message ELSE e.sentence || i.name END,
            CASE WHEN e.step = 0 THEN 'request_notification' ELSE 'system' END,
            e.event, lr.id,
            CASE WHEN lr.status = 'pending' AND p.k % 2 = 0 THEN NULL
                 ELSE lr.requested_at + e.step * interval '1 hour' + interval '5 minutes' END,
            lr.requested_at + e.step * interval '1 hour'
       FROM bench.item_plan p
       JOIN items i ON i.id = p.id
       JOIN lending_requests lr ON lr.item_id = p.id
       JOIN (VALUES ${stepRows}) AS e(status, step, event, by_requester, sentence) ON e.status = lr.status
      WHERE ${range}`,
  );
  await timed(
    client,
    timings,
    'search audiences',
    `UPDATE item_search_documents d
        SET audience = shared.principals, document = d.document || item_search_access(shared.principals)
       FROM (SELECT share.item_id, array_agg(share.principal) AS principals
               FROM (SELECT item_id, contact_user_id AS principal FROM item_contact_permissions WHERE can_view
                     UNION ALL
                     SELECT item_id, group_id FROM item_group_permissions WHERE can_view) share
               JOIN bench.item_plan p ON p.id = share.item_id
              WHERE ${range}
              GROUP BY share.item_id) shared
      WHERE d.item_id = shared.item_id`,
  );
  await timedStep(timings, 'indexes', async () => {
    await rebuildIndexes();
    await enableShareTriggers();
    return 0;
  });
  await checkSearchDocuments(client, range);
  return timings;
}

/**
 * The triggers that keep item_search_documents.audience (drizzle/0016) run
 * once per insert statement, but each recomputes its items' audiences
 * through the share indexes this loader drops while it inserts: without
 * them every statement would scan the whole share tables per item. They are
 * off while the shares are bulk-loaded; one set-based UPDATE (above) writes
 * the same audiences and access lexemes, and `checkSearchDocuments` compares
 * a sample with what the triggers' own functions give.
 */
const SHARE_TRIGGERS = [
  ['item_contact_permissions', 'item_contact_permissions_search_insert'],
  ['item_contact_permissions', 'item_contact_permissions_search_update'],
  ['item_contact_permissions', 'item_contact_permissions_search_delete'],
  ['item_group_permissions', 'item_group_permissions_search_insert'],
  ['item_group_permissions', 'item_group_permissions_search_update'],
  ['item_group_permissions', 'item_group_permissions_search_delete'],
] as const;

async function setShareTriggers(client: pg.PoolClient, enabled: boolean): Promise<void> {
  for (const [table, trigger] of SHARE_TRIGGERS) {
    await client.query(`ALTER TABLE ${table} ${enabled ? 'ENABLE' : 'DISABLE'} TRIGGER ${trigger}`);
  }
}

async function checkSearchDocuments(client: pg.PoolClient, range: string): Promise<void> {
  const { rows } = await client.query<{ wrong: number }>(
    `SELECT count(*)::int AS wrong
       FROM bench.item_plan p
       JOIN item_search_documents d ON d.item_id = p.id
       JOIN items i ON i.id = d.item_id
       JOIN users u ON u.id = i.owner_id
      CROSS JOIN LATERAL (SELECT item_search_audience(d.item_id) AS audience) expected
      WHERE ${range} AND p.k % 97 = 0
        AND NOT (d.audience @> expected.audience AND d.audience <@ expected.audience
                 AND d.document = item_search_document_of(i.name, i.description, u.name, expected.audience))`,
  );
  const wrong = rows[0]?.wrong ?? 0;
  if (wrong > 0) throw new Error(`${wrong} sampled search documents differ from what the share triggers compute`);
}

/** Fresh planner statistics after a bulk load, as autovacuum would gather them. */
export async function analyze(client: pg.PoolClient): Promise<void> {
  await client.query('ANALYZE');
}

export async function countRows(client: pg.PoolClient): Promise<Record<string, number>> {
  const tables = [
    'users',
    'contacts',
    'groups',
    'group_members',
    'items',
    'item_contact_permissions',
    'item_group_permissions',
    'lending_requests',
    'messages',
  ];
  const { rows } = await client.query<Record<string, string>>(
    `SELECT ${tables.map((t) => `(SELECT count(*) FROM ${t}) AS ${t}`).join(', ')}`,
  );
  const row = rows[0] ?? {};
  return Object.fromEntries(tables.map((t) => [t, Number(row[t] ?? 0)]));
}
