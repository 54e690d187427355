import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * Phone rule of spec §5 (contacts and profile): must start with +, 10 to 15
 * digits; digits typed without + get the + added. Spaces, dashes, dots and
 * parentheses people type are ignored.
 */
export function normalizeTypedPhone(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  return /^\d/.test(compact) ? `+${compact}` : compact;
}

export const phoneSchema = z
  .string()
  .transform(normalizeTypedPhone)
  .pipe(
    z
      .string()
      .min(1, { message: 'validation.phoneRequired' })
      .regex(/^\+/, { message: 'validation.phoneCountryCode' })
      .regex(new RegExp(`^\\+\\d{${LIMITS.phoneDigitsMin},${LIMITS.phoneDigitsMax}}$`), {
        message: 'validation.phoneLength',
      }),
  );
