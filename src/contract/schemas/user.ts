import { z } from 'zod';
import { LANGUAGES } from '../enums';
import { LIMITS } from '../limits';
import { isSingleLine } from './text';

/** The signed-in user as the API presents it (GET /api/auth/user, /api/user/current). */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  language: z.enum(LANGUAGES),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string(),
  lastLogin: z.string().nullable(),
  lastActive: z.string().nullable(),
  /**
   * When the session that asks began: this browser's sign-in. The client
   * applies the profile language once per such sign-in (features/auth/profile-language.ts);
   * `lastLogin` would not do, as a sign-in on any other device moves it.
   */
  signedInAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const loginHistoryEntrySchema = z.object({
  id: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  loginAt: z.string(),
  loginMethod: z.string(),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntrySchema>;

/**
 * Usernames: 3–30 characters, lowercase letters, digits, dot, dash and
 * underscore. The built-in identity provider's sign-up form and the server
 * share this rule.
 */
export const usernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(LIMITS.usernameMin, { message: 'validation.usernameTooShort' })
  .max(LIMITS.usernameMax, { message: 'validation.usernameTooLong' })
  .regex(/^[a-z0-9._-]+$/, { message: 'validation.usernameChars' });

export const displayNameSchema = z
  .string()
  .trim()
  .min(1, { message: 'validation.nameRequired' })
  .max(LIMITS.nameMax, { message: 'validation.nameTooLong' })
  .refine(isSingleLine, { message: 'validation.invalidCharacters' });
