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
 * The add-contact form (spec §5 Contact): name and phone required, email
 * optional. A username, when given, names the registered person exactly.
 * The form and POST /api/contacts parse with this same schema.
 */
export const contactFormSchema = z.object({
  name: displayNameSchema,
  phone: phoneSchema,
  email: optionalEmailSchema.prefault(''),
  username: optionalUsernameSchema.prefault(''),
});
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
  contactFormSchema.extend(actingUserId),
]);
export type CreateContactInput = z.input<typeof createContactSchema>;

/** PUT /api/contacts/{id} (spec §2 Edit contact dialog: display name, phone, optional email). */
export const updateContactSchema = z.object({
  ...actingUserId,
  name: displayNameSchema,
  phone: phoneSchema,
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
  /** PUBLIC_URL/invite?ref=TOKEN — signed by the server, expires at `expiresAt`. */
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
