import { and, eq } from 'drizzle-orm';
import { signInUser } from '../auth/sign-in-user';
import type { UserRow } from '../auth/session-store';
import { idpAccounts, loginHistory, users } from '../db/schema';
import { createAccount } from '../idp/accounts';
import { DEMO_PEOPLE, type DemoPerson } from './demo-people';
import { daysAgo, type SeedContext } from './seed-context';

export class SeedConflictError extends Error {
  override name = 'SeedConflictError';
}

/**
 * Each demo person is what signing in through the built-in provider makes:
 * a local account of the provider (`idp_accounts`) and the Lendloop user
 * whose issuer is the provider's (`PUBLIC_URL/oidc`) and whose subject is
 * the account's id. The user is created by `signInUser`, the very function
 * the sign-in callback calls, so picking the account on the sign-in page
 * finds this user instead of creating another.
 */
export async function seedPeople(context: SeedContext, issuer: string): Promise<void> {
  // The provider's account picker lists the newest first: create in reverse,
  // so the first demo person tops the list.
  for (const [index, person] of [...DEMO_PEOPLE.entries()].reverse()) {
    const accountId = await ensureAccount(context, person);
    const user = await ensureUser(context, person, accountId, issuer, index);
    context.people.set(person.username, { id: user.id, name: user.name });
  }
}

async function ensureAccount(context: SeedContext, person: DemoPerson): Promise<string> {
  const created = await createAccount(context.db, {
    name: person.name,
    username: person.username,
    email: person.email,
  });
  if (created) return created.id;
  // Taken: someone created this local account earlier (the seed, or a person by hand); it is theirs to use.
  const [existing] = await context.db
    .select({ id: idpAccounts.id })
    .from(idpAccounts)
    .where(eq(idpAccounts.username, person.username));
  if (!existing) throw new Error(`The provider account ${person.username} could be neither created nor found`);
  return existing.id;
}

async function ensureUser(
  context: SeedContext,
  person: DemoPerson,
  accountId: string,
  issuer: string,
  index: number,
): Promise<UserRow> {
  const { db } = context;
  const [signedIn] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, issuer), eq(users.subject, accountId)));
  if (signedIn) return signedIn;

  // Seeded (or signed in) under another PUBLIC_URL, e.g. `npm start` before and
  // `npm run dev` now: the issuer is PUBLIC_URL/oidc, so the demo person moves
  // to this one rather than signing in as a stranger with no items.
  const [elsewhere] = await db
    .select()
    .from(users)
    .where(and(eq(users.subject, accountId), eq(users.username, person.username)));
  if (elsewhere) {
    try {
      const [moved] = await db.update(users).set({ issuer }).where(eq(users.id, elsewhere.id)).returning();
      if (moved) {
        context.counts.peopleMoved += 1;
        return moved;
      }
    } catch (error) {
      throw new SeedConflictError(
        `${person.username} has two users, one under ${elsewhere.issuer} and one under ${issuer}; ` +
          'delete one of them or seed a fresh database',
        { cause: error },
      );
    }
  }

  const [taken] = await db.select({ issuer: users.issuer }).from(users).where(eq(users.username, person.username));
  if (taken) {
    throw new SeedConflictError(
      `The username ${person.username} belongs to another account (issuer ${taken.issuer}), not to the demo person; ` +
        'seed a fresh database (another DATA_DIR or DATABASE_URL)',
    );
  }

  const user = await signInUser(
    db,
    { sub: accountId, name: person.name, preferred_username: person.username, email: person.email },
    { issuer, userAgent: 'Lendloop demo data (npm run seed)', ipAddress: undefined, loginMethod: 'builtin-oidc' },
  );
  if (user.username !== person.username) {
    throw new SeedConflictError(`${person.username} was created as ${user.username}: the username was taken meanwhile`);
  }
  // A profile that has been around for a while: joined weeks ago, last seen recently.
  const lastSeen = daysAgo(context, 0.5 + index * 0.4);
  const [aged] = await db
    .update(users)
    .set({
      language: person.language,
      createdAt: daysAgo(context, person.joinedDaysAgo),
      lastLogin: lastSeen,
      lastActive: lastSeen,
    })
    .where(eq(users.id, user.id))
    .returning();
  await db.update(loginHistory).set({ loginAt: lastSeen }).where(eq(loginHistory.userId, user.id));
  context.counts.people += 1;
  return aged ?? user;
}
