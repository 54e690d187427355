import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createContact, createUser } from '../../../tests/support/factories';
import { createItem, shareWithUser } from '../../../tests/support/item-factories';
import { lendingRequests } from '../db/schema';
import { borrowPayload } from '../../../tests/support/lending';

/**
 * A block racing the blocked person's lending requests (block-user.ts locks
 * the blocker's items, the lock a request takes): whichever comes first,
 * no pending request from the blocked person to the blocker survives.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('blocking while the blocked person asks to borrow', () => {
  it.each([1, 2, 3, 4, 5])('round %i: no pending request from the blocked person is left', async () => {
    const owner = await createUser(t.db, { name: 'Owner' });
    const asker = await createUser(t.db, { name: 'Asker' });
    await createContact(t.db, owner, { contactUserId: asker.id });
    const things = [];
    for (let i = 0; i < 4; i++) {
      const item = await createItem(t.db, owner, { name: `Thing ${i}` });
      await shareWithUser(t.db, item, asker);
      things.push(item);
    }
    const [ownerCookie, askerCookie] = [await t.cookieFor(owner.id), await t.cookieFor(asker.id)];
    const origin = t.config.publicUrl.origin;

    const answers = await Promise.all([
      ...things.map((item) =>
        t.app.inject({
          method: 'POST',
          url: '/api/lending-requests',
          headers: { cookie: askerCookie, origin },
          payload: borrowPayload(item.id),
        }),
      ),
      t.app.inject({
        method: 'POST',
        url: '/api/blocks',
        headers: { cookie: ownerCookie, origin },
        payload: { userId: asker.id },
      }),
    ]);

    expect(answers.at(-1)?.statusCode).toBe(204);
    // Each request either went through before the block (and was declined by it) or was refused as unseen.
    for (const answer of answers.slice(0, -1)) expect([201, 404]).toContain(answer.statusCode);
    const left = await t.db
      .select({ status: lendingRequests.status })
      .from(lendingRequests)
      .where(
        and(
          eq(lendingRequests.requesterId, asker.id),
          inArray(
            lendingRequests.itemId,
            things.map((item) => item.id),
          ),
        ),
      );
    expect(left.filter((row) => row.status === 'pending')).toEqual([]);
  });
});
