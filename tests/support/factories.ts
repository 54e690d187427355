import { randomBytes } from 'node:crypto';
import type { Database } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';

type NewUser = typeof users.$inferInsert;

let sequence = 0;

/** A user row with believable defaults; any field can be overridden. */
export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  sequence += 1;
  const tag = `${sequence}${randomBytes(3).toString('hex')}`;
  const [user] = await db
    .insert(users)
    .values({
      issuer: 'https://issuer.test',
      subject: `subject-${tag}`,
      username: `user${tag}`,
      name: `Test User ${tag}`,
      email: `user${tag}@example.test`,
      language: 'en',
      ...overrides,
    })
    .returning();
  return user!;
}
