import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/database';
import { loginHistory, users } from '../db/schema';
import { signInUser, usernameBase, type SignInContext } from './sign-in-user';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

const context: SignInContext = {
  issuer: 'https://id.example',
  userAgent: 'UA',
  ipAddress: '10.0.0.1',
  loginMethod: 'oidc',
};

describe('signInUser', () => {
  it('gives each new person a unique username derived from the preferred username', async () => {
    const first = await signInUser(database.db, { sub: 'a', preferred_username: 'Zoë Müller' }, context);
    const second = await signInUser(database.db, { sub: 'b', preferred_username: 'zoe.muller' }, context);
    const third = await signInUser(database.db, { sub: 'c', preferred_username: 'zoe.muller' }, context);
    expect([first.username, second.username, third.username]).toEqual(['zoe.muller', 'zoe.muller-2', 'zoe.muller-3']);
  });

  it('matches by issuer and subject, not by username or email', async () => {
    const a = await signInUser(database.db, { sub: 'same', email: 'x@example.test' }, context);
    const b = await signInUser(
      database.db,
      { sub: 'same', email: 'x@example.test' },
      { ...context, issuer: 'https://other.example' },
    );
    const again = await signInUser(database.db, { sub: 'same', name: 'Changed at issuer' }, context);
    expect(b.id).not.toBe(a.id);
    expect(again.id).toBe(a.id);
    // Profile data belongs to the user after creation.
    expect(again.name).toBe(a.name);
    expect(await database.db.$count(loginHistory, eq(loginHistory.userId, a.id))).toBe(2);
  });
});

describe('usernameBase', () => {
  it.each([
    [{ sub: '1', preferred_username: 'Ada.Lovelace' }, 'ada.lovelace'],
    [{ sub: '1', email: 'grace.h@example.test' }, 'grace.h'],
    [{ sub: '1', name: 'Jean Dupont' }, 'jean.dupont'],
    [{ sub: '1', preferred_username: '!!' }, 'user'],
    [{ sub: '1', preferred_username: 'x'.repeat(40) }, 'x'.repeat(30)],
  ])('%j → %s', (claims, expected) => {
    expect(usernameBase(claims)).toBe(expected);
  });
});

describe('claims from the issuer', () => {
  it('drops what the database would refuse instead of failing the sign-in', async () => {
    const user = await signInUser(
      database.db,
      { sub: 'odd', name: 'Ada\u0000 Lovelace', email: 'a@', preferred_username: 42, locale: ['de'] },
      context,
    );
    expect(user.name).toBe('Ada  Lovelace');
    expect(user.email).toBeNull();
    // The locale claim was not a string; no browser hint either: the interface fallback.
    expect(user.language).toBe('de');
    const long = await signInUser(
      database.db,
      { sub: 'long', name: 'N'.repeat(300), email: `${'e'.repeat(250)}@x.ch` },
      context,
    );
    expect(long.name).toHaveLength(100);
    expect(long.email).toBeNull();
  });

  it('settles two simultaneous first sign-ins of one person on one user', async () => {
    const [a, b] = await Promise.all([
      signInUser(database.db, { sub: 'twice', preferred_username: 'twice' }, context),
      signInUser(database.db, { sub: 'twice', preferred_username: 'twice' }, context),
    ]);
    expect(a.id).toBe(b.id);
    expect(await database.db.$count(users, eq(users.subject, 'twice'))).toBe(1);
  });
});

describe('the language of a new account (docs/decisions/0016)', () => {
  const signUp = (sub: string, languageHints: (string | undefined)[], locale?: string) =>
    signInUser(
      database.db,
      { sub, preferred_username: sub, ...(locale ? { locale } : {}) },
      { ...context, languageHints },
    );

  it.each([
    ['the i18next cookie first', ['it', 'fr-CH, fr;q=0.9'], undefined, 'it'],
    [
      'Accept-Language when the cookie names no supported language',
      ['es', 'es-ES, fr;q=0.8, de;q=0.5'],
      undefined,
      'fr',
    ],
    ['Accept-Language without a cookie, language only', [undefined, 'de-CH,de;q=0.9,en;q=0.8'], undefined, 'de'],
    ['the issuer’s locale claim when the browser names none we have', [undefined, 'es, pt;q=0.5'], 'fr-FR', 'fr'],
    ['German when nothing names a supported language', [undefined, 'es, *;q=0.1'], undefined, 'de'],
  ])('takes %s', async (_case, hints, locale, expected) => {
    const user = await signUp(
      `lang-${expected}-${hints.join('|')}`.replace(/[^a-z0-9._-]/gi, '').slice(0, 30),
      hints,
      locale,
    );
    expect(user.language).toBe(expected);
  });

  it('leaves an existing account’s language alone', async () => {
    const created = await signUp('lang-keeper', ['fr']);
    expect(created.language).toBe('fr');
    await database.db.update(users).set({ language: 'en' }).where(eq(users.id, created.id));
    const again = await signUp('lang-keeper', ['it', 'it']);
    expect(again.id).toBe(created.id);
    expect(again.language).toBe('en');
  });
});
