import { z } from 'zod';
import { LIMITS } from '../limits';
import { isSingleLine } from './text';
import { displayNameSchema, usernameSchema } from './user';

/**
 * Passkeys on the built-in sign-in provider (docs/decisions/0051): the
 * sign-up form, the one-time links, and the WebAuthn exchanges. The forms
 * of the client's sign-in pages parse with these, and so do the routes.
 */

/** Required here: the address is where the confirmation link and any recovery link go. */
export const accountEmailSchema = z
  .string({ message: 'validation.emailRequired' })
  .trim()
  .min(1, { message: 'validation.emailRequired' })
  .max(254, { message: 'validation.emailInvalid' })
  .pipe(z.email({ message: 'validation.emailInvalid' }));

export const signUpFormSchema = z.object({
  name: displayNameSchema,
  username: usernameSchema,
  email: accountEmailSchema,
  /** The invitation link's token the visitor came with (kept through sign-in), where sign-up needs one. */
  invitation: z.string().max(500).optional(),
});
export type SignUpFormInput = z.input<typeof signUpFormSchema>;

/** What a person calls one of their passkeys ("Phone", "Work laptop"). */
export const passkeyNameSchema = z
  .string({ message: 'validation.passkeyNameRequired' })
  .trim()
  .min(1, { message: 'validation.passkeyNameRequired' })
  .max(LIMITS.passkeyNameMax, { message: 'validation.passkeyNameTooLong' })
  .refine(isSingleLine, { message: 'validation.invalidCharacters' });

/** A one-time link's or ticket's token: 32 random bytes, base64url. */
export const accountTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { message: 'errors.account_link_invalid' });

export const accountTokenBodySchema = z.object({ token: accountTokenSchema });

/** What the browser's WebAuthn call returned (@simplewebauthn/browser's JSON), checked in depth by the server library. */
const base64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(16_384);
export const registrationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    transports: z.array(z.string().max(20)).max(10).optional(),
    authenticatorData: base64url.optional(),
    publicKey: base64url.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});
export const authenticationResponseSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** Options for the browser's WebAuthn call, with the id of the challenge in them. */
export const webauthnOptionsSchema = z.object({
  challengeId: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type WebauthnOptions = z.infer<typeof webauthnOptionsSchema>;

export const passkeyRegistrationOptionsBodySchema = z.object({ ticket: accountTokenSchema });
export const passkeyRegistrationBodySchema = z.object({
  ticket: accountTokenSchema,
  challengeId: z.uuid(),
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export const passkeySignInBodySchema = z.object({
  challengeId: z.uuid(),
  response: authenticationResponseSchema,
});

/** How the sign-in page works at this address (GET /oidc/interaction/{uid}/setup). */
export const signInSetupSchema = z.object({
  /** Passkeys work here (a domain name over https, or localhost). */
  passkeys: z.boolean(),
  /**
   * How a new person gets an account: `email` (a confirmation link is mailed),
   * `operator` (no email is set up and nobody has an account yet: the first
   * one is the operator's), `invitation` (no email: an invitation link from a
   * member confirms the newcomer).
   */
  signUp: z.enum(['email', 'operator', 'invitation']),
  /** The password-less account picker for loopback development (docs/decisions/0002). */
  picker: z.boolean(),
  /** "Lost your passkey?": a recovery link by mail, where email is set up. */
  recovery: z.boolean(),
});
export type SignInSetup = z.infer<typeof signInSetupSchema>;

/** POST …/sign-up: mailed a link, or (the operator's first account) straight to the passkey. */
export const signUpResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('check_email'), email: z.string() }),
  z.object({ status: z.literal('add_passkey'), ticket: accountTokenSchema }),
]);
export type SignUpResult = z.infer<typeof signUpResultSchema>;

/** A confirmed address: the ticket that lets this page register the first passkey. */
export const confirmedEmailSchema = z.object({ ticket: accountTokenSchema, name: z.string(), username: z.string() });
export type ConfirmedEmail = z.infer<typeof confirmedEmailSchema>;

/** POST /api/idp/recoveries: "Lost your passkey?" with the account's address. */
export const recoveryRequestSchema = z.object({ email: accountEmailSchema });
export type RecoveryRequestInput = z.input<typeof recoveryRequestSchema>;

/** One of the signed-in person's passkeys, on the profile. */
export const ownPasskeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type OwnPasskey = z.infer<typeof ownPasskeySchema>;

/** GET /api/passkeys: `available` is false for someone who signs in through another provider. */
export const ownPasskeysSchema = z.object({ available: z.boolean(), passkeys: z.array(ownPasskeySchema) });
export type OwnPasskeys = z.infer<typeof ownPasskeysSchema>;

export const addOwnPasskeyBodySchema = z.object({
  challengeId: z.uuid(),
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});

/** Where the browser goes once the passkey signed it in (the provider's resume URL). */
export const signedInRedirectSchema = z.object({ redirectTo: z.string() });
