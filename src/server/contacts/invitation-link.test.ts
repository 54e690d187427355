import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { INVITATION_TOKEN_LENGTH, invitationTokenFor, invitationTokenHash, newInvitationSeed } from './invitation-link';

describe('invitation link refs (docs/decisions/0042)', () => {
  it('are 12 base62 characters: at least 70 bits, no dot (a dot marks the old signed links)', () => {
    expect(INVITATION_TOKEN_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(70);
    for (let i = 0; i < 200; i++) expect(invitationTokenFor('key', newInvitationSeed())).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('do not repeat and use every character of the alphabet', () => {
    const tokens = Array.from({ length: 2000 }, () => invitationTokenFor('key', newInvitationSeed()));
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(new Set(tokens.join('')).size).toBe(62);
  });

  it('are the same for the same seed and key, and another under another key', () => {
    const seed = newInvitationSeed();
    expect(invitationTokenFor('key', seed)).toBe(invitationTokenFor('key', seed));
    expect(invitationTokenFor('other key', seed)).not.toBe(invitationTokenFor('key', seed));
  });
});

describe('invitationTokenHash', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it('is what migration 0024 computed in SQL for the links sent before it', async () => {
    for (const token of ['Abc123XYZ789', 'ÄÖü-non-ascii']) {
      const { rows } = await database.db.execute<{ hash: string }>(
        sql`SELECT encode(sha256(convert_to(${token}, 'UTF8')), 'hex') AS hash`,
      );
      expect(rows[0]?.hash).toBe(invitationTokenHash(token));
    }
  });
});
