import { z } from 'zod';
import { ITEM_CATEGORIES, NETWORK_RESPONSES, URGENCIES } from '../enums';
import { LIMITS } from '../limits';
import { itemDescriptionSchema, itemNameSchema } from './item';
import { hasNoControlCharacters, isSingleLine } from './text';

/**
 * Spec §5 "Network request": what the user is looking for (required, ≤ 100),
 * description (≤ 500), optional category, urgency (default normal). The
 * network request dialog and POST /api/network-requests parse with it.
 */
export const networkRequestFormSchema = z.object({
  requesterId: z.uuid().optional(),
  title: z
    .string({ message: 'validation.networkTitleRequired' })
    .trim()
    .min(1, { message: 'validation.networkTitleRequired' })
    .max(LIMITS.requestTitleMax, { message: 'validation.networkTitleTooLong' })
    .refine(isSingleLine, { message: 'validation.invalidCharacters' }),
  description: itemDescriptionSchema.prefault(''),
  /** Empty means any category. */
  category: z
    .union([z.enum(ITEM_CATEGORIES), z.literal('')], { message: 'validation.categoryInvalid' })
    .default('')
    .transform((v) => (v === '' ? null : v)),
  urgency: z.enum(URGENCIES, { message: 'validation.urgencyInvalid' }).default('normal'),
});
export type NetworkRequestFormInput = z.input<typeof networkRequestFormSchema>;

/** The answer to POST /api/network-requests: how many people it reached. */
export const networkRequestCreatedSchema = z.object({ id: z.string(), recipientCount: z.number().int() });
export type NetworkRequestCreated = z.infer<typeof networkRequestCreatedSchema>;

/**
 * Spec §5 "Quick-add item" ('Add Item to Help'): name required (trimmed);
 * the item is created with category other and status available.
 */
export const quickAddItemSchema = z.object({
  name: itemNameSchema,
  description: itemDescriptionSchema.prefault(''),
});
export type QuickAddItemInput = z.input<typeof quickAddItemSchema>;

/**
 * POST /api/network-requests/{messageId}/respond: the receiver of a
 * network-request message answers it. `add_to_items` needs `item`.
 */
export const respondToNetworkRequestSchema = z
  .object({
    responderId: z.uuid().optional(),
    response: z.enum(NETWORK_RESPONSES),
    message: z
      .string()
      .trim()
      .max(LIMITS.messageMax, { message: 'validation.messageTooLong' })
      .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
      .prefault('')
      .transform((v) => (v === '' ? null : v)),
    item: quickAddItemSchema.optional(),
    /**
     * "You may have this" (docs/decisions/0028): `have_it` with one of the
     * responder's items the request matched. Any other item is 404.
     */
    itemId: z.uuid().optional(),
  })
  .refine((v) => v.response !== 'add_to_items' || v.item !== undefined, {
    path: ['item', 'name'],
    message: 'validation.itemNameRequired',
  })
  .refine((v) => v.itemId === undefined || v.response === 'have_it', {
    path: ['itemId'],
    message: 'validation.offerItemInvalid',
  });
export type RespondToNetworkRequestInput = z.input<typeof respondToNetworkRequestSchema>;

export const networkRequestMessageParamsSchema = z.object({ messageId: z.uuid() });

export const networkRequestResponseSchema = z.object({
  id: z.string(),
  response: z.enum(NETWORK_RESPONSES),
  /** The item created by `add_to_items`, or the matched item offered with `have_it`. */
  itemId: z.string().nullable(),
});
