import { describe, expect, it } from 'vitest';
import { phoneSchema } from './phone';
import { updateProfileSchema } from './profile';

describe('phoneSchema (spec §5)', () => {
  it.each([
    ['+41791234567', '+41791234567'],
    ['41791234567', '+41791234567'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['+123456789012345', '+123456789012345'],
    // 00 is the international call prefix: it stands for +.
    ['0041 79 123 45 67', '+41791234567'],
    ['+0041791234567', '+41791234567'],
  ])('accepts %s as %s', (input, expected) => {
    expect(phoneSchema.parse(input)).toBe(expected);
  });

  it.each([
    ['', 'validation.phoneRequired'],
    ['tel 079', 'validation.phoneCountryCode'],
    ['+123456789', 'validation.phoneLength'],
    ['+1234567890123456', 'validation.phoneLength'],
    ['+41 79 abc 45 67', 'validation.phoneLength'],
    // No country code starts with 0: a local number typed without one, with or without +.
    ['0791234567', 'validation.phoneCountryCode'],
    ['079 123 45 67', 'validation.phoneCountryCode'],
    ['+0791234567', 'validation.phoneCountryCode'],
    ['+07912345678901', 'validation.phoneCountryCode'],
    ['000791234567', 'validation.phoneCountryCode'],
  ])('refuses %j with %s', (input, key) => {
    const result = phoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(key);
  });

  it('names only the missing country code for a short local number', () => {
    expect(phoneSchema.safeParse('079 123').error?.issues.map((issue) => issue.message)).toEqual([
      'validation.phoneCountryCode',
    ]);
  });
});

describe('updateProfileSchema', () => {
  it('treats an empty email as none and defaults the language', () => {
    expect(updateProfileSchema.parse({ name: ' Ada ', phone: '41791234567', email: '' })).toEqual({
      name: 'Ada',
      phone: '+41791234567',
      email: null,
      language: 'en',
    });
  });

  it('treats an omitted email as none too', () => {
    expect(updateProfileSchema.parse({ name: 'Ada', phone: '+41791234567' }).email).toBeNull();
  });

  it('refuses an invalid email with a translatable key', () => {
    const result = updateProfileSchema.safeParse({ name: 'Ada', phone: '+41791234567', email: 'nope' });
    expect(result.error?.issues[0]?.message).toBe('validation.emailInvalid');
  });
});
