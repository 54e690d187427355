import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Thread } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createMessage, createMutualContacts, createUser } from '../../../tests/support/factories';
import { at, messageCalls, type User } from '../../../tests/support/messages';
import { userBlocks } from '../db/schema';

/**
 * The thread is read in one statement: the relationship and the page
 * together (issue 20). The statement may fetch the page; only the policy
 * ('message:readThread') lets it out, so a refused thread answers 404 with
 * nothing of the partner or the messages in it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { thread } = messageCalls(() => t);

/** Statements one request runs, after a first call of the same (the session's first use records activity). */
async function statementsOf(reader: User, url: string): Promise<{ statements: number; status: number }> {
  const cookie = await t.cookieFor(reader.id);
  const call = () => t.app.inject({ method: 'GET', url, headers: { cookie } });
  await call();
  const before = t.database.queryCount();
  const response = await call();
  return { statements: t.database.queryCount() - before, status: response.statusCode };
}

/**
 * The thread's own statements: those of the request less those of the
 * session lookup (the test app has no session cache), which a request for
 * someone else's thread (403 before any query of its own) runs alone.
 */
async function statementsFor(reader: User, partnerId: string): Promise<{ statements: number; status: number }> {
  const session = await statementsOf(reader, `/api/conversations/${crypto.randomUUID()}/${partnerId}`);
  expect(session.status).toBe(403);
  const request = await statementsOf(reader, `/api/conversations/${reader.id}/${partnerId}`);
  return { statements: request.statements - session.statements, status: request.status };
}

describe('GET /api/conversations/{userId}/{partnerId}: one statement', () => {
  it('reads a short thread, a full one, an empty one and a refused one in one statement each', async () => {
    const reader = await createUser(t.db, { name: 'Reader' });
    const chatty = await createUser(t.db);
    const quiet = await createUser(t.db);
    const friend = await createUser(t.db);
    const stranger = await createUser(t.db);
    await createMessage(t.db, reader, quiet, { createdAt: at(1) });
    for (let i = 0; i < 250; i++) await createMessage(t.db, i % 2 ? reader : chatty, i % 2 ? chatty : reader);
    await createMutualContacts(t.db, reader, friend);

    expect(await statementsFor(reader, quiet.id)).toEqual({ statements: 1, status: 200 });
    expect(await statementsFor(reader, chatty.id)).toEqual({ statements: 1, status: 200 });
    expect(await statementsFor(reader, friend.id)).toEqual({ statements: 1, status: 200 });
    expect(await statementsFor(reader, stranger.id)).toEqual({ statements: 1, status: 404 });
    expect(await statementsFor(reader, crypto.randomUUID())).toEqual({ statements: 1, status: 404 });
  });
});

describe('GET /api/conversations/{userId}/{partnerId}: refused threads leak nothing', () => {
  const secret = 'Meet me at the old mill at nine';
  let reader: User, partner: User;
  beforeAll(async () => {
    reader = await createUser(t.db, { name: 'Reader' });
    partner = await createUser(t.db, { name: 'Zebulon Quirk' });
  });

  const expectRefusal = async (actor: User, partnerId: string) => {
    const response = await thread(actor, partnerId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(response.body).not.toContain(secret);
    expect(response.body).not.toContain('Zebulon');
    expect(response.body).not.toContain('"messages"');
  };

  it('a stranger’s thread: 404, neither name nor messages', async () => {
    const stranger = await createUser(t.db, { name: 'Zebulon Stranger' });
    await expectRefusal(reader, stranger.id);
  });

  it('a thread the actor blocked: 404 for the blocker, who wrote in it; the history stays readable to the other', async () => {
    await createMessage(t.db, reader, partner, { content: secret, createdAt: at(1) });
    await createMessage(t.db, partner, reader, { content: `${secret}, sure`, createdAt: at(2) });
    expect(((await thread(reader, partner.id)).json() as Thread).messages).toHaveLength(2);
    await t.db.insert(userBlocks).values({ blockerId: reader.id, blockedId: partner.id });
    await expectRefusal(reader, partner.id);
    // The blocked person keeps their history (decision 0018): the block does not announce itself.
    const theirs = await thread(partner, reader.id);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json() as Thread).messages.map((m) => m.content)).toEqual([secret, `${secret}, sure`]);
  });

  it('one’s own id: 404 even with messages to oneself in the table, which the statement reads but may not return', async () => {
    const loner = await createUser(t.db, { name: 'Zebulon Self' });
    await createMessage(t.db, loner, loner, { content: secret });
    await expectRefusal(loner, loner.id);
  });
});
