import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedAccount } from '../../../tests/support/account-export';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createMutualContacts, createUser } from '../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';

/** The data export holds the "you may have this" matches of the person's items (ADR 0015, 0028). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Exported {
  networkRequestMatches: {
    networkRequest: { id: string; title: string; requester: { name: string } };
    item: { id: string; name: string };
    createdAt: string;
  }[];
}

const exported = (userId: string) => exportedAccount<Exported>(t, userId);

describe('"you may have this" in the data export', () => {
  it('lists the person’s matched items with the request, and nothing to the requester', async () => {
    const rita = await createUser(t.db, { name: 'Rita' });
    const otto = await createUser(t.db, { name: 'Otto' });
    await createMutualContacts(t.db, rita, otto);
    const drill = await createItem(t.db, otto, { name: 'Cordless drill' });
    await shareWithUser(t.db, drill, rita);
    const sent = await t.request(rita, { method: 'POST', url: '/api/network-requests', payload: { title: 'drill' } });
    expect(sent.statusCode, sent.body).toBe(201);

    const ottos = await exported(otto.id);
    expect(ottos.networkRequestMatches).toEqual([
      {
        networkRequest: {
          id: sent.json<{ id: string }>().id,
          title: 'drill',
          requester: { name: 'Rita', username: expect.any(String) },
        },
        item: { id: drill.id, name: 'Cordless drill' },
        createdAt: expect.any(String),
      },
    ]);
    expect((await exported(rita.id)).networkRequestMatches).toEqual([]);
  });
});
