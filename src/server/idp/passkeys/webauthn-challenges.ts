import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { idpWebauthnChallenges } from '../../db/schema';

/** Long enough to find the phone and touch the sensor. */
const CHALLENGE_LIFETIME = sql`interval '5 minutes'`;

export type ChallengePurpose = 'register' | 'authenticate';

/** Keeps a challenge until it is answered; expired ones are cleared on the way. */
export async function saveChallenge(
  db: DbOrTx,
  challenge: { challenge: string; purpose: ChallengePurpose; accountId: string | null },
): Promise<string> {
  await db.delete(idpWebauthnChallenges).where(lt(idpWebauthnChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(idpWebauthnChallenges)
    .values({ ...challenge, expiresAt: sql`now() + ${CHALLENGE_LIFETIME}` })
    .returning({ id: idpWebauthnChallenges.id });
  if (!row) throw new Error('the challenge was not stored');
  return row.id;
}

/** Takes the challenge out (once: a second answer finds nothing), or null when unknown or expired. */
export async function takeChallenge(
  db: DbOrTx,
  id: string,
  purpose: ChallengePurpose,
): Promise<{ challenge: string; accountId: string | null } | null> {
  const [row] = await db
    .delete(idpWebauthnChallenges)
    .where(
      and(
        eq(idpWebauthnChallenges.id, id),
        eq(idpWebauthnChallenges.purpose, purpose),
        gt(idpWebauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: idpWebauthnChallenges.challenge, accountId: idpWebauthnChallenges.accountId });
  return row ?? null;
}
