import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedPerson } from '../../contract/schemas/blocks';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { userBlocks } from '../db/schema';

/**
 * The blocking routes (docs/decisions/0018): who may call them and what
 * they answer. What a block does is in block-effects.test.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = { id: string };
const block = (user: User | null, userId: unknown) =>
  t.request(user, { method: 'POST', url: '/api/blocks', payload: { userId } });
const unblock = (user: User | null, userId: string) =>
  t.request(user, { method: 'DELETE', url: `/api/blocks/${userId}` });
const list = (user: User | null) => t.request(user, { method: 'GET', url: '/api/blocks' });
const error = (response: { json(): unknown }) =>
  (response.json() as { error: { code: string; messageKey: string; issues?: unknown } }).error;
const blocksOf = (blockerId: string) => t.db.select().from(userBlocks).where(eq(userBlocks.blockerId, blockerId));

describe('blocking routes: signed out', () => {
  it('answer 401 and change nothing', async () => {
    const someone = await createUser(t.db);
    expect((await block(null, someone.id)).statusCode).toBe(401);
    expect((await unblock(null, someone.id)).statusCode).toBe(401);
    expect((await list(null)).statusCode).toBe(401);
    expect(await t.db.select().from(userBlocks).where(eq(userBlocks.blockedId, someone.id))).toEqual([]);
  });
});

describe('POST /api/blocks', () => {
  it('blocks a real other person with 204, again with 204 (idempotent), one row', async () => {
    const ana = await createUser(t.db, { name: 'Ana' });
    const troll = await createUser(t.db, { name: 'Troll' });
    const first = await block(ana, troll.id);
    expect([first.statusCode, first.body]).toEqual([204, '']);
    expect((await block(ana, troll.id)).statusCode).toBe(204);
    expect((await blocksOf(ana.id)).map((row) => row.blockedId)).toEqual([troll.id]);
  });

  it('refuses oneself with 400 and a translatable key', async () => {
    const ana = await createUser(t.db);
    const response = await block(ana, ana.id);
    expect(response.statusCode).toBe(400);
    expect(error(response)).toMatchObject({
      code: 'invalid_input',
      issues: [{ path: 'userId', messageKey: 'validation.blockSelf' }],
    });
    expect(await blocksOf(ana.id)).toEqual([]);
  });

  it('refuses an unknown id and a deleted account’s stand-in with 404 user_not_found', async () => {
    const ana = await createUser(t.db);
    const standIn = await createUser(t.db, { name: 'Deleted account', deletedAt: new Date() });
    for (const userId of [crypto.randomUUID(), standIn.id]) {
      const response = await block(ana, userId);
      expect([response.statusCode, error(response).code, error(response).messageKey]).toEqual([
        404,
        'user_not_found',
        'errors.user_not_found',
      ]);
    }
    expect(await blocksOf(ana.id)).toEqual([]);
  });

  it('refuses a malformed id with 400', async () => {
    const ana = await createUser(t.db);
    expect((await block(ana, 'not-a-uuid')).statusCode).toBe(400);
    expect((await block(ana, undefined)).statusCode).toBe(400);
  });
});

describe('GET /api/blocks', () => {
  it('lists the people the actor blocked, newest first, never who blocked them', async () => {
    const ana = await createUser(t.db, { name: 'Ana' });
    const first = await createUser(t.db, { name: 'First', profileImageUrl: '/api/users/x/photo?v=1' });
    const second = await createUser(t.db, { name: 'Second' });
    const blocksAna = await createUser(t.db, { name: 'Blocks Ana' });
    await t.db.insert(userBlocks).values([
      { blockerId: ana.id, blockedId: first.id, createdAt: new Date('2026-01-01T10:00:00Z') },
      { blockerId: ana.id, blockedId: second.id, createdAt: new Date('2026-02-01T10:00:00Z') },
      { blockerId: blocksAna.id, blockedId: ana.id },
    ]);
    const response = await list(ana);
    expect(response.statusCode).toBe(200);
    expect(response.json() as BlockedPerson[]).toEqual([
      {
        userId: second.id,
        name: 'Second',
        username: second.username,
        photoUrl: null,
        blockedAt: '2026-02-01T10:00:00.000Z',
      },
      // No photo across a block, whatever the profile has.
      {
        userId: first.id,
        name: 'First',
        username: first.username,
        photoUrl: null,
        blockedAt: '2026-01-01T10:00:00.000Z',
      },
    ]);
    // The blocked side's list holds only their own blocks.
    expect((await list(first)).json()).toEqual([]);
    expect(((await list(blocksAna)).json() as BlockedPerson[]).map((p) => p.userId)).toEqual([ana.id]);
  });
});

describe('DELETE /api/blocks/{userId}', () => {
  it('lifts only the actor’s own block: the blocked person cannot lift it (204, nothing changes)', async () => {
    const ana = await createUser(t.db);
    const troll = await createUser(t.db);
    expect((await block(ana, troll.id)).statusCode).toBe(204);
    expect((await unblock(troll, ana.id)).statusCode).toBe(204);
    expect((await blocksOf(ana.id)).map((row) => row.blockedId)).toEqual([troll.id]);

    expect((await unblock(ana, troll.id)).statusCode).toBe(204);
    expect(await blocksOf(ana.id)).toEqual([]);
    // Lifting again, or a block that never was: the same 204.
    expect((await unblock(ana, troll.id)).statusCode).toBe(204);
    expect((await unblock(ana, crypto.randomUUID())).statusCode).toBe(204);
  });

  it('refuses a malformed id with 400', async () => {
    const ana = await createUser(t.db);
    expect((await unblock(ana, 'nope')).statusCode).toBe(400);
  });

  it('a third person’s call touches neither side', async () => {
    const ana = await createUser(t.db);
    const troll = await createUser(t.db);
    const third = await createUser(t.db);
    await block(ana, troll.id);
    expect((await unblock(third, troll.id)).statusCode).toBe(204);
    const rows = await t.db
      .select()
      .from(userBlocks)
      .where(and(eq(userBlocks.blockerId, ana.id), eq(userBlocks.blockedId, troll.id)));
    expect(rows).toHaveLength(1);
  });
});
