import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { phoneSchema } from './phone';
import { displayNameSchema } from './user';

/** Optional email: empty means none (spec §5: "email optional, valid format"). */
export const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, { message: 'validation.emailInvalid' })
  .transform((v) => (v === '' ? null : v))
  .pipe(z.email({ message: 'validation.emailInvalid' }).nullable());

/** PUT /api/users/profile — the profile form uses the same schema. */
export const updateProfileSchema = z.object({
  name: displayNameSchema,
  phone: phoneSchema,
  email: optionalEmailSchema.prefault(''),
  language: z.enum(LANGUAGES).default('en'),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
