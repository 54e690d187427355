import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFeedback,
  createItemPhoto,
  createLoginHistory,
  createNetworkRequest,
  createNetworkResponse,
  createUserPhoto,
} from '../../../tests/support/account-factories';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { createContact, createLendingRequest, createMessage, createUser } from '../../../tests/support/factories';
import { addMember, createGroup, createJoinRequest } from '../../../tests/support/group-factories';
import { createItem, shareWithGroup, shareWithUser } from '../../../tests/support/item-factories';
import { CookieJar, freePort, signInThroughProvider, step } from '../../../tests/support/oidc-flow';
import { buildApp } from '../app';
import { loadConfig } from '../config/config';
import { contacts, groups, idpAccounts, items, lendingRequests, loginHistory, userBlocks, users } from '../db/schema';
import { itemAddedText } from '../network-requests/respond-to-network-request';

/**
 * The account deletion as a whole, over a real port and the real sign-in:
 * nothing anywhere still points at the deleted id or names the person
 * (a scan of every text column), other people's data is whole, and the same
 * identity signs in to a fresh, empty account.
 */
let app: FastifyInstance;
let database: TestDatabase;
let baseUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lendloop-gdpr-')),
    SESSION_SECRET: 'gdpr-test-session-secret-long-enough-0123456789',
  });
  app = await buildApp({ config, db: database.db, logger: false, clientDir: '/nonexistent' });
  await app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  await database.destroy();
});

async function call(jar: CookieJar, method: string, url: string) {
  return step(jar, `${baseUrl}${url}`, { method, headers: { origin: baseUrl } });
}

/** A person nobody else is called like, so any hit of the text scan is theirs. */
const PERSON = {
  name: 'Dorothea Quillfeather-Zimt',
  username: 'dquillzimt',
  email: 'dorothea.qz@example.test',
  phone: '+41791234987',
};

/**
 * What docs/decisions/0015 keeps on purpose: the built-in provider's sign-in
 * identity (its own tables) and, as `except`, single cells the caller names.
 */
const PROVIDER_TABLES = ['idp_accounts', 'idp_payloads'];

interface Hit {
  table: string;
  column: string;
  value: string;
}

/** Every text, varchar and jsonb cell of the public schema that contains one of `needles`. */
async function cellsContaining(needles: string[]): Promise<Hit[]> {
  const columns = await database.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT c.table_name, c.column_name
      FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
     WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
       AND c.data_type IN ('text', 'character varying', 'jsonb')
     ORDER BY 1, 2`);
  const hits: Hit[] = [];
  for (const { table_name: table, column_name: column } of columns.rows) {
    if (PROVIDER_TABLES.includes(table)) continue;
    for (const needle of needles) {
      const found = await database.db.execute<{ id: string | null; value: string }>(sql`
        SELECT to_jsonb(t) ->> 'id' AS id, ${sql.identifier(column)}::text AS value
          FROM ${sql.identifier(table)} t
         WHERE ${sql.identifier(column)}::text ILIKE '%' || ${needle} || '%'`);
      for (const row of found.rows)
        hits.push({ table: `${table}${row.id ? `#${row.id}` : ''}`, column, value: row.value });
    }
  }
  return hits;
}

/** Every column of every table whose foreign key points at users(id). */
async function columnsReferencingUsers(): Promise<{ table: string; column: string }[]> {
  const result = await database.db.execute<{ table_name: string; column_name: string }>(sql`
    SELECT kcu.table_name, kcu.column_name
      FROM information_schema.referential_constraints rc
      JOIN information_schema.key_column_usage kcu
        ON kcu.constraint_name = rc.constraint_name AND kcu.constraint_schema = rc.constraint_schema
      JOIN information_schema.constraint_column_usage ccu
        ON ccu.constraint_name = rc.unique_constraint_name AND ccu.constraint_schema = rc.unique_constraint_schema
     WHERE ccu.table_name = 'users' AND ccu.column_name = 'id' AND kcu.table_schema = 'public'
     ORDER BY 1, 2`);
  return result.rows.map((row) => ({ table: row.table_name, column: row.column_name }));
}

describe('deleting an account signed in through the real provider', () => {
  it('leaves no reference to the person, keeps others whole, and a new sign-in starts empty', async () => {
    const jar = new CookieJar();
    await signInThroughProvider(baseUrl, jar, {
      create: { name: PERSON.name, username: PERSON.username, email: PERSON.email },
    });
    const me = (await (await call(jar, 'GET', '/api/auth/user')).json()) as { id: string; username: string };
    expect(me.username).toBe(PERSON.username);
    const db = database.db;
    await db.update(users).set({ phone: PERSON.phone }).where(eq(users.id, me.id));

    // Everything a person can have, and neighbours who keep their side of it.
    const early = await createUser(db, { name: 'Early Member' });
    const late = await createUser(db, { name: 'Late Member' });
    const owner = await createUser(db, { name: 'Olga Owner' });
    const club = await createGroup(db, me, { name: 'Dora’s Club' });
    await addMember(db, club, early);
    await addMember(db, club, late);
    await createJoinRequest(db, await createGroup(db, owner), me);
    const drill = await createItem(db, me, { name: 'Drill' });
    await createItemPhoto(db, drill);
    await shareWithUser(db, drill, owner);
    await shareWithGroup(db, drill, club);
    await createLendingRequest(db, drill, owner);
    const tent = await createItem(db, owner, { name: 'Tent', status: 'borrowed' });
    await createLendingRequest(db, tent, me, { status: 'borrowed' });
    // Loans as history (ADR 0028): Olga had Dora's drill (it passes to the stand-in, the item goes), and Olga
    // wrote down lending her ladder to "Dora" by typed name, her own record like an address-book entry.
    const returnedDrill = await createLendingRequest(db, drill, owner, {
      status: 'returned',
      lentOn: '2026-03-01',
      returnedOn: '2026-03-02',
    });
    const ladder = await createItem(db, owner, { name: 'Ladder' });
    const [typedLoan] = await db
      .insert(lendingRequests)
      .values({
        itemId: ladder.id,
        ownerId: owner.id,
        origin: 'recorded',
        borrowerName: PERSON.name,
        status: 'returned',
      })
      .returning();
    await createContact(db, me, { contactUserId: owner.id });
    // Olga's address book entry: the name was copied when she added Dora (contacts/create-contact.ts).
    const ownersEntry = await createContact(db, owner, { contactUserId: me.id, name: PERSON.name });
    // Dora signs what she writes: Olga keeps the words (0015), so the scan must find them and only them.
    const signed = await createMessage(db, me, owner, { content: `Thanks for the tent, ${PERSON.name}` });
    await createMessage(db, owner, me, { content: 'Enjoy' });
    const request = await createNetworkRequest(db, me);
    await createNetworkResponse(db, request, owner);
    // Dora added her drill for Olga's request: the system sentence names her (network-requests/).
    const olgasRequest = await createNetworkRequest(db, owner);
    await createNetworkResponse(db, olgasRequest, me, { response: 'add_to_items', itemId: drill.id });
    await createMessage(db, me, owner, {
      messageType: 'system',
      systemEvent: 'network_item_added',
      networkRequestId: olgasRequest.id,
      content: itemAddedText(PERSON.name, drill.name),
    });
    await createFeedback(db, me);
    await createLoginHistory(db, me);
    await createUserPhoto(db, me);
    // Blocks both ways (docs/decisions/0018): they go with the account.
    await db.insert(userBlocks).values([
      { blockerId: me.id, blockedId: early.id },
      { blockerId: late.id, blockedId: me.id },
    ]);

    // An export first: its per-account budget is keyed by her id (rate-limits/).
    expect((await call(jar, 'POST', `/api/gdpr/export/${me.id}`)).status).toBe(200);

    const deleted = await call(jar, 'DELETE', `/api/gdpr/delete-account/${me.id}`);
    expect(deleted.status).toBe(204);
    expect(jar.get('lendloop_session')).toBeUndefined();

    // No column of any table still points at the deleted id.
    const columns = await columnsReferencingUsers();
    expect(columns).toEqual(
      expect.arrayContaining([
        { table: 'messages', column: 'sender_id' },
        { table: 'groups', column: 'admin_id' },
        { table: 'contacts', column: 'contact_user_id' },
        { table: 'user_blocks', column: 'blocker_id' },
        { table: 'user_blocks', column: 'blocked_id' },
      ]),
    );
    for (const { table, column } of columns) {
      const found = await db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${me.id}`,
      );
      expect({ table, column, rows: found.rows[0]?.n }).toEqual({ table, column, rows: 0 });
    }

    // No text anywhere still holds her id, name, username, email or phone, except
    // the cells 0015 keeps: her own words Olga received, and Olga's address book entry
    // and her record of a loan under the name she typed (ADR 0028: the owner's record).
    const kept: Hit[] = [
      { table: `contacts#${ownersEntry.id}`, column: 'name', value: PERSON.name },
      { table: `lending_requests#${typedLoan!.id}`, column: 'borrower_name', value: PERSON.name },
      { table: `messages#${signed.id}`, column: 'content', value: signed.content },
    ];
    const needles = [me.id, PERSON.name, PERSON.username, PERSON.email, PERSON.phone];
    expect(await cellsContaining(needles)).toEqual(kept);

    // The others' side is whole: the group has a new admin, Olga's tent is still out, her address book still lists Dora.
    const [clubAfter] = await db.select().from(groups).where(eq(groups.id, club.id));
    expect(clubAfter?.adminId).toBe(early.id);
    const [tentAfter] = await db.select().from(items).where(eq(items.id, tent.id));
    expect(tentAfter?.status).toBe('borrowed');
    const loans = await db.select().from(lendingRequests).where(eq(lendingRequests.itemId, tent.id));
    expect(loans).toEqual([expect.objectContaining({ status: 'borrowed' })]);
    const [drillLoan] = await db.select().from(lendingRequests).where(eq(lendingRequests.id, returnedDrill.id));
    expect(drillLoan).toMatchObject({ itemId: null, itemName: 'Drill', requesterId: owner.id });
    const [entryAfter] = await db.select().from(contacts).where(eq(contacts.id, ownersEntry.id));
    expect(entryAfter).toMatchObject({ status: 'pending', contactUserId: null });

    // The built-in provider's account went with her (docs/decisions/0015, amended by 0051); the same
    // username can be taken again, and signing in with it starts afresh.
    const [account] = await db.select().from(idpAccounts).where(eq(idpAccounts.username, PERSON.username));
    expect(account).toBeUndefined();
    const again = new CookieJar();
    await signInThroughProvider(baseUrl, again, {
      create: { name: PERSON.name, username: PERSON.username, email: PERSON.email },
    });
    const fresh = (await (await call(again, 'GET', '/api/auth/user')).json()) as { id: string; username: string };
    expect(fresh.id).not.toBe(me.id);
    expect(fresh.username).toBe(PERSON.username);
    expect(await (await call(again, 'GET', '/api/items/my')).json()).toEqual([]);
    expect(await (await call(again, 'GET', '/api/contacts')).json()).toEqual([]);
    expect(await (await call(again, 'GET', `/api/conversations/${fresh.id}`)).json()).toEqual([]);
    const history = await db.select().from(loginHistory).where(eq(loginHistory.userId, fresh.id));
    expect(history).toHaveLength(1);
    const [row] = await db.select().from(users).where(eq(users.id, fresh.id));
    expect(row?.deletedAt).toBeNull();
  });
});
