import { describe, expect, it } from 'vitest';
import { contactFormSchema, createContactSchema, registrationCheckQuerySchema } from './contact';
import { normalizeImportedPhone, phoneSchema } from './phone';

const firstMessage = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('contactFormSchema (spec §5 Contact)', () => {
  const valid = { name: 'Carol', phone: '+41791234567' };

  it.each([
    [{ ...valid }, { name: 'Carol', phone: '+41791234567', email: null, username: null }],
    [
      { ...valid, name: '  Carol  ' },
      { name: 'Carol', phone: '+41791234567', email: null, username: null },
    ],
    [
      { ...valid, phone: '41 79 123 45 67' },
      { name: 'Carol', phone: '+41791234567', email: null, username: null },
    ],
    // 00 is the international call prefix: it stands for +.
    [
      { ...valid, phone: '0041 79 123 45 67' },
      { name: 'Carol', phone: '+41791234567', email: null, username: null },
    ],
    [
      { ...valid, email: ' carol@example.test ' },
      { name: 'Carol', phone: '+41791234567', email: 'carol@example.test', username: null },
    ],
    [
      { ...valid, username: '@Carol.B' },
      { name: 'Carol', phone: '+41791234567', email: null, username: 'carol.b' },
    ],
    [
      { ...valid, email: '', username: '' },
      { name: 'Carol', phone: '+41791234567', email: null, username: null },
    ],
  ])('accepts %j', (input, expected) => {
    expect(contactFormSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [{ ...valid, name: '' }, 'validation.nameRequired'],
    [{ ...valid, name: '   ' }, 'validation.nameRequired'],
    [{ ...valid, name: 'x'.repeat(101) }, 'validation.nameTooLong'],
    [{ ...valid, name: 'Car\nol' }, 'validation.invalidCharacters'],
    [{ ...valid, phone: '' }, 'validation.phoneRequired'],
    [{ ...valid, phone: 'call me' }, 'validation.phoneCountryCode'],
    // No country code starts with 0: a local number typed without one.
    [{ ...valid, phone: '0791234567' }, 'validation.phoneCountryCode'],
    [{ ...valid, phone: '079 123 45 67' }, 'validation.phoneCountryCode'],
    [{ ...valid, phone: '+0791234567' }, 'validation.phoneCountryCode'],
    [{ ...valid, phone: '+0 79 123 45 67 89' }, 'validation.phoneCountryCode'],
    [{ ...valid, phone: '+12345' }, 'validation.phoneLength'],
    [{ ...valid, phone: '+1234567890123456' }, 'validation.phoneLength'],
    [{ ...valid, email: 'carol@' }, 'validation.emailInvalid'],
    [{ ...valid, email: 'not an email' }, 'validation.emailInvalid'],
    [{ ...valid, username: 'ab' }, 'validation.usernameTooShort'],
    [{ ...valid, username: 'Carol Smith' }, 'validation.usernameChars'],
  ])('refuses %j with %s', (input, key) => {
    expect(firstMessage(contactFormSchema.safeParse(input))).toBe(key);
  });

  // Spec §1: a registered person is found by username or email; the server
  // asks for the phone only when nobody is found (validation.phoneRequiredForInvite).
  it.each([
    [
      { name: 'Bob', phone: '', username: '@bob.k' },
      { name: 'Bob', phone: null, email: null, username: 'bob.k' },
    ],
    [
      { name: 'Bob', phone: '  ', email: 'bob@example.test' },
      { name: 'Bob', phone: null, email: 'bob@example.test', username: null },
    ],
  ])('leaves the phone empty beside a username or email: %j', (input, expected) => {
    expect(contactFormSchema.parse(input)).toEqual(expected);
  });

  it('still checks a phone that is given beside a username', () => {
    expect(firstMessage(contactFormSchema.safeParse({ name: 'Bob', phone: '+12', username: 'bob.k' }))).toBe(
      'validation.phoneLength',
    );
  });

  it('requires a name and a phone', () => {
    const result = contactFormSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['name', 'phone']);
  });
});

describe('createContactSchema', () => {
  it('takes a registered user by id, with nothing else beside it', () => {
    const id = '5f0c1f4e-8d5b-4a51-9a4e-2f7d9c0b1a23';
    expect(createContactSchema.parse({ contactUserId: id })).toEqual({ contactUserId: id });
    expect(createContactSchema.safeParse({ contactUserId: 'not-a-uuid' }).success).toBe(false);
  });

  it('otherwise takes the form', () => {
    expect(createContactSchema.parse({ name: 'Bob', phone: '15551234567' })).toMatchObject({ phone: '+15551234567' });
  });
});

describe('registrationCheckQuerySchema', () => {
  it.each([[{ phone: '+41791234567' }], [{ email: 'a@b.test' }], [{ username: '@bob' }]])('accepts %j', (query) => {
    expect(registrationCheckQuerySchema.safeParse(query).success).toBe(true);
  });

  it.each([[{}], [{ phone: '+41791234567', email: 'a@b.test' }]])('needs exactly one field: %j', (query) => {
    expect(firstMessage(registrationCheckQuerySchema.safeParse(query))).toBe('validation.lookupOneField');
  });
});

describe('normalizeImportedPhone (spec §5 Device import)', () => {
  it.each([
    // Starting with + keeps digits and +.
    ['+41 79 123 45 67', '+41791234567'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['+44-20-7946-0958', '+442079460958'],
    // Fewer than 7 digits: left as it is.
    ['12345', '12345'],
    [' 112 ', '112'],
    ['(0) 12-34', '(0) 12-34'],
    // Ten digits get +1.
    ['555 123 4567', '+15551234567'],
    ['(555) 123-4567', '+15551234567'],
    // Eleven starting with 1 get +.
    ['1 555 123 4567', '+15551234567'],
    // More than eleven get +.
    ['0041 79 123 45 67', '+0041791234567'],
    ['441234567890', '+441234567890'],
    // Otherwise +1 is prepended: 7 to 9 digits, and eleven not starting with 1.
    ['1234567', '+11234567'],
    ['079 123 45 67 8', '+107912345678'],
  ])('%j becomes %j', (raw, expected) => {
    expect(normalizeImportedPhone(raw)).toBe(expected);
  });

  it.each([
    ['+41 79 123 45 67', true],
    ['555 123 4567', true],
    // The 00 call prefix stands for +, so this is +41 79 123 45 67.
    ['0041 79 123 45 67', true],
    ['12345', false],
    ['1234567', false],
  ])('%j then passes the phone rule: %s', (raw, ok) => {
    expect(phoneSchema.safeParse(normalizeImportedPhone(raw)).success).toBe(ok);
  });
});
