import { describe, expect, it } from 'vitest';
import { INVITATION_TOKEN_LENGTH, newInvitationToken } from './invitation-link';

describe('newInvitationToken', () => {
  it('is 12 base62 characters: at least 70 bits, no dot (a dot marks the old signed links)', () => {
    expect(INVITATION_TOKEN_LENGTH * Math.log2(62)).toBeGreaterThanOrEqual(70);
    for (let i = 0; i < 200; i++) expect(newInvitationToken()).toMatch(/^[0-9A-Za-z]{12}$/);
  });

  it('does not repeat and uses every character of the alphabet', () => {
    const tokens = Array.from({ length: 2000 }, newInvitationToken);
    expect(new Set(tokens).size).toBe(tokens.length);
    const seen = new Set(tokens.join(''));
    expect(seen.size).toBe(62);
  });
});
