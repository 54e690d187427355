import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const reverse = (user: { id: string } | null, query: string) =>
  t.request(user, { method: 'GET', url: `/api/geocode/reverse?${query}` });

describe('GET /api/geocode/reverse', () => {
  it('answers 401 when signed out', async () => {
    expect((await reverse(null, 'latitude=47.3769&longitude=8.5417')).statusCode).toBe(401);
  });

  it("names the place in the requested language, else the user's", async () => {
    const user = await createUser(t.db, { language: 'de' });
    expect((await reverse(user, 'latitude=47.3769&longitude=8.5417&language=fr-CH')).json()).toEqual({
      location: 'Zürich, Suisse',
    });
    expect((await reverse(user, 'latitude=47.3769&longitude=8.5417')).json()).toEqual({ location: 'Zürich, Schweiz' });
  });

  it('refuses bad coordinates (400) and answers 404 where no place is near', async () => {
    const user = await createUser(t.db);
    expect((await reverse(user, 'latitude=95&longitude=8')).statusCode).toBe(400);
    expect((await reverse(user, 'latitude=abc&longitude=8')).statusCode).toBe(400);
    const nowhere = await reverse(user, 'latitude=0&longitude=-160');
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.messageKey).toBe('errors.geocoding_failed');
  });
});
