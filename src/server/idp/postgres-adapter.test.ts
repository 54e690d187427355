import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { postgresAdapterFor } from './postgres-adapter';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('the oidc-provider PostgreSQL adapter', () => {
  it('stores, finds by id and uid, consumes and destroys per model', async () => {
    const Adapter = postgresAdapterFor(database.db);
    const interactions = new Adapter('Interaction');
    const sessions = new Adapter('Session');
    await interactions.upsert('i1', { uid: 'u1', kind: 'Interaction', jti: 'i1' }, 60);
    expect(await interactions.find('i1')).toMatchObject({ uid: 'u1', jti: 'i1' });
    expect(await sessions.find('i1')).toBeUndefined();
    expect(await sessions.findByUid('u1')).toBeUndefined();
    await sessions.upsert('s1', { uid: 'u1', kind: 'Session' }, 60);
    expect(await sessions.findByUid('u1')).toMatchObject({ kind: 'Session' });

    await interactions.consume('i1');
    expect((await interactions.find('i1'))?.consumed).toEqual(expect.any(Number));
    await interactions.upsert('i1', { uid: 'u1', kind: 'Interaction', jti: 'i1' }, 60);
    expect((await interactions.find('i1'))?.consumed).toBeUndefined();
    await interactions.consume('i1');
    await interactions.destroy('i1');
    expect(await interactions.find('i1')).toBeUndefined();
  });

  it('hides expired entries and revokes everything of a grant', async () => {
    const Adapter = postgresAdapterFor(database.db);
    const codes = new Adapter('AuthorizationCode');
    const tokens = new Adapter('AccessToken');
    await codes.upsert('gone', { grantId: 'g0' }, -1);
    expect(await codes.find('gone')).toBeUndefined();

    await codes.upsert('c1', { grantId: 'g1' }, 60);
    await tokens.upsert('t1', { grantId: 'g1' }, 60);
    await tokens.upsert('t2', { grantId: 'g2' }, 60);
    const interactions = new Adapter('Interaction');
    await interactions.upsert('i1', { grantId: 'g1', uid: 'u' }, 60);
    await codes.revokeByGrantId('g1');
    expect(await codes.find('c1')).toBeUndefined();
    expect(await tokens.find('t1')).toBeUndefined();
    expect(await tokens.find('t2')).toMatchObject({ grantId: 'g2' });
    expect(await interactions.find('i1')).toMatchObject({ uid: 'u' });
  });
});
