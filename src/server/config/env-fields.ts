import { z } from 'zod';

/** Field shapes shared by the environment schemas (config.ts and its parts). */

/** `true`/`1` is on; unset, empty, `false` or `0` is off. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** An http(s) URL; unset or empty is undefined. */
export const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional());

/** Unset or blank is null: the privacy policy then says the operator has not entered it yet. */
export const optionalText = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => v?.trim() || null)
    .pipe(z.string().max(max, `must be at most ${max} characters`).nullable());
