import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { LIMITS } from '@/contract/limits';

/** `column IN ('a','b')` for CHECK constraints built from the contract's enum lists. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(list)})`;
}

/** `char_length(column) BETWEEN min AND max` (NULL passes, as CHECK treats unknown as true). */
export function lengthBetween(column: AnyPgColumn, min: number, max: number): SQL {
  return sql`char_length(${column}) BETWEEN ${sql.raw(String(min))} AND ${sql.raw(String(max))}`;
}

/** The username rule of the contract (usernameSchema) as a CHECK. */
export function usernameFormat(column: AnyPgColumn): SQL {
  return sql`${column} ~ ${sql.raw(`'^[a-z0-9._-]{${LIMITS.usernameMin},${LIMITS.usernameMax}}$'`)}`;
}

/** E.164-like phone: a plus and 10–15 digits (spec §5). */
export function phoneFormat(column: AnyPgColumn): SQL {
  return sql`${column} ~ ${sql.raw(`'^\\+[0-9]{${LIMITS.phoneDigitsMin},${LIMITS.phoneDigitsMax}}$'`)}`;
}
