import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { loginHistory } from '../db/schema';
import { authorize, type Actor } from '../policies';

/** How many sign-ins the Account Activity tab lists. */
export const LOGIN_HISTORY_LIMIT = 20;

export type LoginHistoryRow = typeof loginHistory.$inferSelect;

/** GET /api/user/login-history: the actor's latest sign-ins, newest first, one query. */
export async function listLoginHistory(db: Database, actor: Actor): Promise<LoginHistoryRow[]> {
  authorize(actor, 'user:readLoginHistory', { id: actor.id });
  return db
    .select()
    .from(loginHistory)
    .where(eq(loginHistory.userId, actor.id))
    .orderBy(desc(loginHistory.loginAt))
    .limit(LOGIN_HISTORY_LIMIT);
}
