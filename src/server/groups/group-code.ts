import { randomInt } from 'node:crypto';
import { LIMITS } from '../../contract/limits';

/** A random 10-digit code (leading zeros allowed): 10^10 codes, unguessable enough to need a rate limit only. */
export function generateGroupCode(): string {
  return String(randomInt(0, 10 ** LIMITS.groupCodeLength)).padStart(LIMITS.groupCodeLength, '0');
}

/** True when `error` (or its cause) is a unique violation of the group-code index. */
export function isGroupCodeClash(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; depth++) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'groups_code_key') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
