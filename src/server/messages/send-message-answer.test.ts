import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message, Thread } from '../../contract/schemas/messages';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { messageCalls, type User } from '../../../tests/support/messages';

/**
 * POST /api/messages answers with the message it stored, built from the
 * insert instead of read back (send-message.ts). It must be the very object
 * the sender's thread then shows, key order included: clients put the
 * answer into the thread they hold.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { thread, send } = messageCalls(() => t);

describe('POST /api/messages: the answer', () => {
  let alice: User, bob: User;
  beforeAll(async () => {
    alice = await createUser(t.db, { name: 'Alice "Ali" Ünal' });
    bob = await createUser(t.db, { name: 'Bob' });
    await createMutualContacts(t.db, alice, bob);
  });

  it('is byte for byte the message as the sender’s thread shows it', async () => {
    const sent = await send(alice, { receiverId: bob.id, content: '  Drill on Saturday?  ' });
    expect(sent.statusCode).toBe(201);
    const answer = sent.json<Message>();
    const shown = (await thread(alice, bob.id)).json<Thread>().messages.find((m) => m.id === answer.id);
    expect(JSON.stringify(answer)).toBe(JSON.stringify(shown));
    expect(answer).toMatchObject({
      content: 'Drill on Saturday?',
      sender: { name: 'Alice "Ali" Ünal', deleted: false },
    });
  });

  it('carries the stored time, to the millisecond as the thread gives it', async () => {
    const sent = (await send(alice, { receiverId: bob.id, content: 'And a ladder' })).json<Message>();
    const [row] = (
      await t.db.execute<{ at: string }>(
        sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM messages WHERE id = ${sent.id}`,
      )
    ).rows;
    expect(sent.createdAt).toBe(row?.at);
  });

  it('names the sender as they are called now, after a rename', async () => {
    await t.db.execute(sql`UPDATE users SET name = 'Alice Ünal' WHERE id = ${alice.id}`);
    const sent = (await send(alice, { receiverId: bob.id, content: 'Renamed' })).json<Message>();
    expect(sent.sender.name).toBe('Alice Ünal');
    const shown = (await thread(bob, alice.id)).json<Thread>().messages.find((m) => m.id === sent.id);
    expect(JSON.stringify(sent)).toBe(JSON.stringify(shown));
  });
});
