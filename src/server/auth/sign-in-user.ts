import { and, eq, like, or } from 'drizzle-orm';
import { z } from 'zod';
import type { LoginMethod } from '../../contract/enums';
import { optionalEmailSchema } from '../../contract/schemas/profile';
import { LIMITS } from '../../contract/limits';
import { replaceControlCharacters } from '../../contract/schemas/text';
import type { Database, DbOrTx } from '../db/client';
import { pickLanguage } from '../http/preferred-language';
import { DELETED_ACCOUNT_ISSUER } from './deleted-account-issuer';
import { loginHistory, users } from '../db/schema';
import type { UserRow } from './session-store';

/** The OpenID claims we use; everything but `sub` is optional at the issuer. */
export interface IdentityClaims {
  sub: string;
  name?: string | undefined;
  preferred_username?: string | undefined;
  email?: string | undefined;
  locale?: string | undefined;
}

/** Printable text only: control characters (NUL above all) never reach the database. */
const claimText = z
  .unknown()
  .transform((v) => (typeof v === 'string' ? replaceControlCharacters(v).trim() : undefined))
  .transform((v) => (v === '' ? undefined : v))
  .optional();

/**
 * Issuers are outside our walls: a claim of the wrong type, with control
 * characters or an email we would refuse is dropped, not a failed sign-in.
 */
const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  name: claimText,
  preferred_username: claimText,
  // The profile form's email rule, so a stored address always passes it too.
  email: claimText.transform((v) => optionalEmailSchema.safeParse(v ?? '').data ?? undefined).optional(),
  locale: claimText,
});

export function normalizeClaims(raw: Record<string, unknown>): IdentityClaims {
  return claimsSchema.parse(raw);
}

export interface SignInContext {
  issuer: string;
  userAgent: string | undefined;
  ipAddress: string | undefined;
  loginMethod: LoginMethod;
  /**
   * The browser's languages, most preferred first: the `i18next` cookie (the
   * language the person chose in the app), then Accept-Language. Read only
   * when the account is created (docs/decisions/0016).
   */
  languageHints?: readonly (string | undefined)[];
}

/**
 * Finds the user by issuer + subject or creates them from the claims, then
 * records the sign-in (login history, last login), in one transaction.
 * Profile fields are only taken from the claims at creation: afterwards they
 * are the user's own to edit.
 */
export async function signInUser(
  db: Database,
  rawClaims: Record<string, unknown>,
  context: SignInContext,
): Promise<UserRow> {
  const claims = normalizeClaims(rawClaims);
  // Deleted accounts' stand-ins carry this issuer; no provider can, but nothing must ever sign in as one.
  if (context.issuer === DELETED_ACCOUNT_ISSUER) throw new Error('Refusing to sign in as a deleted account');
  return db.transaction(async (tx) => {
    const now = new Date();
    let [user] = await tx
      .update(users)
      .set({ lastLogin: now, lastActive: now })
      .where(and(eq(users.issuer, context.issuer), eq(users.subject, claims.sub)))
      .returning();
    user ??= await createUser(tx, claims, context, now);
    await tx.insert(loginHistory).values({
      userId: user.id,
      userAgent: context.userAgent?.slice(0, 1000) ?? null,
      ipAddress: context.ipAddress ?? null,
      loginMethod: context.loginMethod,
      loginAt: now,
    });
    return user;
  });
}

async function createUser(db: DbOrTx, claims: IdentityClaims, context: SignInContext, now: Date): Promise<UserRow> {
  const { issuer } = context;
  const base = usernameBase(claims);
  const name = (claims.name?.trim() || claims.preferred_username?.trim() || base).slice(0, LIMITS.nameMax);
  const email = claims.email ?? null;
  // The browser's language first: it is what the person was just reading.
  // Then the issuer's locale claim; else the interface fallback, German.
  const language = pickLanguage([...(context.languageHints ?? []), claims.locale]);
  // Try the base, then base-2, base-3… skipping every name already taken. ON
  // CONFLICT guards against a concurrent sign-up taking the same name.
  const taken = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(
          or(eq(users.username, base), like(users.username, `${escapeLike(base.slice(0, LIMITS.usernameMax - 4))}-%`)),
        )
    ).map((r) => r.username),
  );
  for (let suffix = 1; suffix < 10_000; suffix++) {
    const candidate = withSuffix(base, suffix);
    if (taken.has(candidate)) continue;
    // No conflict target: a clash on the username *or* on issuer + subject
    // (the same person finishing sign-in in two tabs at once) inserts nothing.
    const [created] = await db
      .insert(users)
      .values({
        issuer,
        subject: claims.sub,
        username: candidate,
        name,
        email,
        language,
        createdAt: now,
        lastLogin: now,
        lastActive: now,
      })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const [concurrent] = await db
      .select()
      .from(users)
      .where(and(eq(users.issuer, issuer), eq(users.subject, claims.sub)))
      .limit(1);
    if (concurrent) return concurrent;
    taken.add(candidate);
  }
  throw new Error('Could not allocate a unique username');
}

/** A valid username (contract rule) from preferred_username, email, name or "user". */
export function usernameBase(claims: IdentityClaims): string {
  const sources = [claims.preferred_username, claims.email?.split('@')[0], claims.name, 'user'];
  for (const source of sources) {
    const cleaned = (source ?? '')
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\s+/g, '.')
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, LIMITS.usernameMax);
    if (cleaned.length >= LIMITS.usernameMin) return cleaned;
  }
  return 'user';
}

function withSuffix(base: string, suffix: number): string {
  if (suffix === 1) return base;
  const tail = `-${suffix}`;
  return `${base.slice(0, LIMITS.usernameMax - tail.length)}${tail}`;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
