import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('GET /api/legal/operator', () => {
  it('is public and names the configured operator, the address line by line', async () => {
    t = await createTestApp({
      OPERATOR_NAME: 'Lendloop Verein',
      OPERATOR_ADDRESS: 'Musterstrasse 1\\n8000 Zürich',
      OPERATOR_EMAIL: 'privacy@lendloop.example',
    });
    const response = await t.request(null, { method: 'GET', url: '/api/legal/operator' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      name: 'Lendloop Verein',
      address: 'Musterstrasse 1\n8000 Zürich',
      email: 'privacy@lendloop.example',
    });
  });

  it('answers null for every detail that is not configured, signed in or not', async () => {
    t = await createTestApp({ OPERATOR_NAME: 'Lendloop Verein' });
    const expected = { name: 'Lendloop Verein', address: null, email: null };
    const signedOut = await t.request(null, { method: 'GET', url: '/api/legal/operator' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual(expected);
    const user = await createUser(t.db);
    const signedIn = await t.request(user, { method: 'GET', url: '/api/legal/operator' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(expected);
  });
});
