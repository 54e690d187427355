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
      photoStorage: null,
    });
  });

  it('answers null for every detail that is not configured, signed in or not', async () => {
    t = await createTestApp({ OPERATOR_NAME: 'Lendloop Verein' });
    const expected = { name: 'Lendloop Verein', address: null, email: null, photoStorage: null };
    const signedOut = await t.request(null, { method: 'GET', url: '/api/legal/operator' });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual(expected);
    const user = await createUser(t.db);
    const signedIn = await t.request(user, { method: 'GET', url: '/api/legal/operator' });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(expected);
  });

  it('names the photo bucket’s service when photos are kept in one, for the policy to name it as a processor', async () => {
    const bucket = { S3_BUCKET: 'lendloop-photos', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };
    t = await createTestApp({ ...bucket, S3_ENDPOINT: 'https://fsn1.your-objectstorage.com' });
    const response = await t.request(null, { method: 'GET', url: '/api/legal/operator' });
    expect(response.json()).toMatchObject({ photoStorage: { host: 'fsn1.your-objectstorage.com' } });
    await t.close();
    t = await createTestApp({ ...bucket, S3_REGION: 'eu-central-1' });
    const aws = await t.request(null, { method: 'GET', url: '/api/legal/operator' });
    expect(aws.json()).toMatchObject({ photoStorage: { host: 's3.eu-central-1.amazonaws.com' } });
  });
});
