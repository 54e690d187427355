import { z } from 'zod';
import { LIMITS } from '../limits';

/**
 * Phone rule of spec §5 (contacts and profile): must start with +, 10 to 15
 * digits; digits typed without + get the + added. Spaces, dashes, dots and
 * parentheses people type are ignored. A leading 00 is the international
 * call prefix and means + (0041 79… is +41 79…).
 */
export function normalizeTypedPhone(raw: string): string {
  const compact = raw.trim().replace(/[\s().-]/g, '');
  const international = compact.replace(/^\+?00/, '+');
  return /^\d/.test(international) ? `+${international}` : international;
}

/**
 * No country code starts with 0: a number that still starts with +0 after
 * normalisation is a local number (079…) typed without its country code.
 */
const startsWithCountryCode = (phone: string) => !phone.startsWith('+0');

export const phoneSchema = z
  .string()
  .transform(normalizeTypedPhone)
  .pipe(
    z
      .string()
      .min(1, { message: 'validation.phoneRequired' })
      .regex(/^\+/, { message: 'validation.phoneCountryCode' })
      .refine(startsWithCountryCode, { message: 'validation.phoneCountryCode', abort: true })
      .regex(new RegExp(`^\\+\\d{${LIMITS.phoneDigitsMin},${LIMITS.phoneDigitsMax}}$`), {
        message: 'validation.phoneLength',
      }),
  );

/**
 * Device import (spec §5): numbers from the address book arrive in any local
 * format. Starting with + keeps digits and +; fewer than 7 digits are left as
 * they are (and then fail the phone rule, so the contact is skipped); ten
 * digits get +1; eleven starting with 1 get +; more than eleven get +;
 * anything else gets +1 prepended.
 */
export function normalizeImportedPhone(raw: string): string {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length < LIMITS.importPhoneMinDigits) return trimmed;
  if (digits.length === 10) return `${LIMITS.defaultCountryPrefix}${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  if (digits.length > 11) return `+${digits}`;
  return `${LIMITS.defaultCountryPrefix}${digits}`;
}
