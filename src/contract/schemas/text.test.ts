import { describe, expect, it } from 'vitest';
import { hasNoControlCharacters, isSingleLine, replaceControlCharacters } from './text';
import { displayNameSchema } from './user';

describe('text rules', () => {
  it.each([
    ['Ada', true, true],
    ['Zoë Müller 日本', true, true],
    ['two\nlines', true, false],
    ['tab\there', true, false],
    ['nul\u0000byte', false, false],
    ['bell\u0007', false, false],
  ])('%j: multi-line ok %s, single-line ok %s', (value, multi, single) => {
    expect(hasNoControlCharacters(value)).toBe(multi);
    expect(isSingleLine(value)).toBe(single);
  });

  it('refuses a name with a NUL byte with a translatable key', () => {
    expect(displayNameSchema.safeParse('a\u0000b').error?.issues[0]?.message).toBe('validation.invalidCharacters');
  });
});

describe('replaceControlCharacters', () => {
  it('replaces each control character with a space and keeps the rest', () => {
    expect(replaceControlCharacters('a\u0000b\nc\u007fd é')).toBe('a b c d é');
  });
});
