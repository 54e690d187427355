import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import { invitationExpiry, signInvitationToken, verifyInvitationToken } from './invitation-token';

const key = 'test-invitation-key';
const claims = { inviterId: randomUUID(), contactId: randomUUID(), expiresAt: invitationExpiry() };

function refusal(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : 'unexpected';
  }
  return undefined;
}

/** Re-encodes the payload with changes, keeping the original signature. */
function alterPayload(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [encoded, signature] = token.split('.');
  const payload = JSON.parse(Buffer.from(encoded!, 'base64url').toString('utf8')) as Record<string, unknown>;
  change(payload);
  return `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${signature}`;
}

describe('invitation token', () => {
  it('round-trips the inviter, the contact and the expiry (to the second)', () => {
    const token = signInvitationToken(key, claims);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    const verified = verifyInvitationToken(key, token);
    expect(verified.inviterId).toBe(claims.inviterId);
    expect(verified.contactId).toBe(claims.contactId);
    expect(Math.abs(verified.expiresAt.getTime() - claims.expiresAt.getTime())).toBeLessThan(1000);
  });

  it('expires after the configured number of days', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(invitationExpiry(now).toISOString()).toBe('2026-12-22T12:00:00.000Z');
  });

  it.each([
    ['another inviter', (p: Record<string, unknown>) => (p.inviter = randomUUID())],
    ['another contact', (p: Record<string, unknown>) => (p.contact = randomUUID())],
    ['a later expiry', (p: Record<string, unknown>) => (p.exp = Number(p.exp) + 86_400)],
  ])('refuses a payload altered to name %s', (_label, change) => {
    const tampered = alterPayload(signInvitationToken(key, claims), change);
    expect(refusal(() => verifyInvitationToken(key, tampered))).toBe('invite_link_invalid');
  });

  it('refuses a token signed with another key (forged or from another server)', () => {
    const forged = signInvitationToken('somebody-elses-key', claims);
    expect(refusal(() => verifyInvitationToken(key, forged))).toBe('invite_link_invalid');
  });

  it('accepts exactly one spelling of a genuine token', () => {
    const token = signInvitationToken(key, claims);
    for (const variant of [`${token}=`, `${token}==`, `${token}!`, ` ${token}`]) {
      expect(
        refusal(() => verifyInvitationToken(key, variant)),
        variant,
      ).toBe('invite_link_invalid');
    }
  });

  it('refuses an expired token', () => {
    const token = signInvitationToken(key, claims);
    const afterExpiry = new Date(claims.expiresAt.getTime() + 1000);
    expect(refusal(() => verifyInvitationToken(key, token, afterExpiry))).toBe('invite_link_invalid');
  });

  it.each(['', 'abc', 'a.b.c', '.', 'e30.', `${Buffer.from('{"v":1}').toString('base64url')}.AAAA`])(
    'refuses the malformed token %j',
    (token) => {
      expect(refusal(() => verifyInvitationToken(key, token))).toBe('invite_link_invalid');
    },
  );
});
