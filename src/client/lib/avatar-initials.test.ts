import { describe, expect, it } from 'vitest';
import { getAvatarInitials } from './avatar-initials';
import { getDisplayName, getEmailPreview } from './email-preview';

describe('getAvatarInitials', () => {
  it.each([
    // first letters of the first two words of the name
    ['Annabel Lee', 'annabel', 'AL'],
    ['anna maria bianchi', 'anna', 'AM'],
    ['  Jean-Luc   Picard  ', 'jl', 'JP'],
    ['Émile Zola', 'ez', 'ÉZ'],
    // else the first two letters of the name …
    ['Madonna', 'madge', 'MA'],
    ['X', 'xavier', 'X'],
    // … or of the username
    ['', 'zoe.k', 'ZO'],
    ['   ', 'bob', 'BO'],
    [null, 'carla', 'CA'],
    // else U
    ['', '', 'U'],
    [null, null, 'U'],
    [undefined, undefined, 'U'],
    // code points, not UTF-16 halves
    ['😀 Smile', 'smile', '😀S'],
  ] as const)('name %j, username %j → %s', (name, username, expected) => {
    expect(getAvatarInitials(name, username)).toBe(expected);
  });
});

describe('getEmailPreview', () => {
  it.each([
    ['short@example.org', 'short@example.org'],
    ['exactly20chars@ab.ch', 'exactly20chars@ab.ch'],
    ['annabel.lee@example.org', 'annabel.lee@example.…'],
    [null, ''],
    ['', ''],
  ])('%j → %j', (email, expected) => {
    expect(getEmailPreview(email)).toBe(expected);
  });
});

describe('getDisplayName', () => {
  it('prefers the name and falls back to the username', () => {
    expect(getDisplayName('Annabel Lee', 'annabel')).toBe('Annabel Lee');
    expect(getDisplayName('  ', 'annabel')).toBe('annabel');
    expect(getDisplayName(null, 'annabel')).toBe('annabel');
  });
});
