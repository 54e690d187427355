import { z } from 'zod';
import { CONTACT_STATUSES, INVITATION_METHODS } from '../enums';
import { phoneSchema } from './phone';
import { optionalEmailSchema } from './profile';
import { displayNameSchema, usernameSchema } from './user';

/** Optional username on the add form: empty means none; a leading @ is accepted. */
export const optionalUsernameSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/^@/, ''))
  .pipe(z.union([z.literal('').transform(() => null), usernameSchema]));

/**
 * An optional phone: empty means none, anything else follows the phone rule.
 * Whether a contact needs one depends on whether the person is registered,
 * which only the server knows (docs/decisions/0007, amendment).
 */
export const optionalPhoneSchema = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(phoneSchema.nullable());

const contactFormFields = z.object({
  name: displayNameSchema,
  phone: optionalPhoneSchema.prefault(''),
  email: optionalEmailSchema.prefault(''),
  username: optionalUsernameSchema.prefault(''),
});

/** With nothing to find or invite them by, a contact needs its phone. */
const hasSomeWayToReach = (v: { phone: string | null; email: string | null; username: string | null }) =>
  v.phone !== null || v.email !== null || v.username !== null;
const someWayToReachRule = {
  path: ['phone'],
  message: 'validation.phoneRequired',
  // Also beside a missing or bad name, so an empty form shows both messages
  // at once; not when phone, email or username is itself wrong, and never on
  // what is not an object at all (a JSON body `null` reached the check, issue 32).
  when: ({ value, issues }: z.core.ParsePayload) =>
    typeof value === 'object' &&
    value !== null &&
    !issues.some((issue) => ['phone', 'email', 'username'].includes(String(issue.path?.[0]))),
};

/**
 * The add-contact form (spec §1: a contact is added by phone, email or
 * username; §5: name required, email optional). A username, when given,
 * names the registered person exactly. The phone may stay empty when a
 * username or email is given: a registered person found by either needs no
 * number, and the server refuses to save an unregistered one without it
 * (`validation.phoneRequiredForInvite`), since only a number can invite them.
 * The form and POST /api/contacts parse with this same schema.
 */
export const contactFormSchema = contactFormFields.refine(hasSomeWayToReach, someWayToReachRule);
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormValues = z.output<typeof contactFormSchema>;

/**
 * `userId` may accompany any contact call (spec §7); when present it must be
 * the signed-in user, otherwise the call is refused with 403.
 */
const actingUserId = { userId: z.uuid().optional() };

/** POST /api/contacts: either a registered user by id, or the form's fields. */
export const createContactSchema = z.union([
  z.object({ ...actingUserId, contactUserId: z.uuid() }).strict(),
  contactFormFields.extend(actingUserId).refine(hasSomeWayToReach, someWayToReachRule),
]);
export type CreateContactInput = z.input<typeof createContactSchema>;

/**
 * PUT /api/contacts/{id} (spec §2 Edit contact dialog: display name, phone,
 * optional email). The phone may be empty for a contact linked to a
 * registered person; the server refuses an unlinked one without it.
 */
export const updateContactSchema = z.object({
  ...actingUserId,
  name: displayNameSchema,
  phone: optionalPhoneSchema.prefault(''),
  email: optionalEmailSchema.prefault(''),
});
export type UpdateContactInput = z.input<typeof updateContactSchema>;

export const contactIdParamsSchema = z.object({ id: z.uuid() });
export const deleteContactParamsSchema = z.object({ userId: z.uuid(), contactId: z.uuid() });
export const invitationParamsSchema = z.object({ contactId: z.uuid() });
export const actingUserQuerySchema = z.object(actingUserId);

/** The linked user's public profile, as a contact shows it. */
export const contactUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** Their profile photo (GET /api/users/{id}/photo?v=…), or null without one (docs/decisions/0016). */
  photoUrl: z.string().nullable(),
});

/** A contact as the API presents it (spec §3 Contact). */
export const contactSchema = z.object({
  id: z.string(),
  userId: z.string(),
  contactUserId: z.string().nullable(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(CONTACT_STATUSES),
  /** The linked user's username, or null while pending or invited. */
  username: z.string().nullable(),
  notes: z.string().nullable(),
  /** Their requests for free days are accepted without asking (issue 35, docs/decisions/0047). */
  autoAccept: z.boolean(),
  user: contactUserSchema.nullable(),
  invitationMethod: z.enum(INVITATION_METHODS).nullable(),
  invitedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

/** GET /api/contacts/invitation/{contactId} (spec §3 Invitation data). */
export const invitationDataSchema = z.object({
  contactId: z.string(),
  contactName: z.string(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** PUBLIC_URL/invite?ref=TOKEN — a short random token kept on the contact, valid until `expiresAt`. */
  invitationLink: z.string(),
  inviterName: z.string(),
  expiresAt: z.string(),
});
export type InvitationData = z.infer<typeof invitationDataSchema>;

/**
 * POST /api/contacts/invite: records how the invitation went out. The contact
 * is named by id (spec §7 lists name, phone and email, which are ambiguous;
 * docs/decisions/0007-contacts-and-invitations.md).
 */
export const sendInvitationSchema = z.object({
  ...actingUserId,
  contactId: z.uuid(),
  invitationMethod: z.enum(INVITATION_METHODS),
});
export type SendInvitationInput = z.input<typeof sendInvitationSchema>;

/** GET /api/users/registered: exactly one of phone, email or username. */
export const registrationCheckQuerySchema = z
  .object({
    phone: phoneSchema.optional(),
    email: z
      .string()
      .trim()
      .max(254, { message: 'validation.emailInvalid' })
      .pipe(z.email({ message: 'validation.emailInvalid' }))
      .optional(),
    username: z
      .string()
      .trim()
      .transform((v) => v.replace(/^@/, ''))
      .pipe(usernameSchema)
      .optional(),
  })
  .refine((q) => [q.phone, q.email, q.username].filter((v) => v !== undefined).length === 1, {
    message: 'validation.lookupOneField',
  });
export const registrationCheckSchema = z.object({ registered: z.boolean() });
