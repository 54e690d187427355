import { LIMITS } from '../../contract/limits';
import type { DbOrTx } from '../db/client';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';

/**
 * Adding a contact, editing a pending one and GET /api/users/registered each
 * tell whether a phone, email or username belongs to a user. They share one
 * budget per account, so nobody can map the user base by trying numbers.
 * Call it with the pool, not inside a transaction: a refused attempt still counts.
 */
export function consumeRegistrationCheck(db: DbOrTx, userId: string): Promise<void> {
  return consumeRateLimit(db, {
    key: `registration-check:${userId}`,
    max: LIMITS.registrationChecksPerHour,
    windowSeconds: 60 * 60,
  });
}
