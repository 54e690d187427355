import { z } from 'zod';
import { ITEM_CATEGORIES, ITEM_STATUSES } from '../enums';
import { PHOTO_SIZES } from '../items';
import { LIMITS } from '../limits';
import { hasNoControlCharacters, isSingleLine } from './text';

/**
 * Spec §5 "Item form". The create and edit dialogs and POST/PUT /api/items
 * parse with these same schemas.
 */
export const itemNameSchema = z
  .string({ message: 'validation.itemNameRequired' })
  .trim()
  .min(1, { message: 'validation.itemNameRequired' })
  .max(LIMITS.nameMax, { message: 'validation.itemNameTooLong' })
  .refine(isSingleLine, { message: 'validation.invalidCharacters' });

/** Optional multi-line description: empty means none. */
export const itemDescriptionSchema = z
  .string()
  .trim()
  .max(LIMITS.descriptionMax, { message: 'validation.descriptionTooLong' })
  .refine(hasNoControlCharacters, { message: 'validation.invalidCharacters' })
  .transform((v) => (v === '' ? null : v));

export const itemCategorySchema = z.enum(ITEM_CATEGORIES, { message: 'validation.categoryRequired' });

/** The owner chooses between these two; `borrowed` is set only by the lending flow. */
export const OWNER_SETTABLE_STATUSES = ['available', 'in_use'] as const;
export const ownerItemStatusSchema = z.enum(OWNER_SETTABLE_STATUSES, { message: 'validation.itemStatusInvalid' });

/**
 * A web address for a picture hosted elsewhere ("photo URL"), or empty for
 * none. https only: no javascript:, data: or file: addresses, and an http
 * picture would be blocked as mixed content on our https pages.
 */
export const imageUrlSchema = z
  .string()
  .trim()
  .max(LIMITS.imageUrlMax, { message: 'validation.urlInvalid' })
  .refine((v) => v === '' || isWebAddress(v), { message: 'validation.urlInvalid' })
  .transform((v) => (v === '' ? null : v));

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that exists (no 2026-02-30). */
export const isoDateSchema = z.string().refine(isRealDate, { message: 'validation.dateInvalid' });

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * "Available again" date of the personal-use reservation, not before
 * `earliest` (spec §5: min today). The form passes the user's local today;
 * the server passes yesterday in UTC so a user ahead of UTC is not refused.
 */
export const personalUseUntilSchema = (earliest: string) =>
  isoDateSchema.refine((v) => v >= earliest, { message: 'validation.dateInPast' }).nullable();

/** Photos already uploaded (POST /api/photos), in display order. */
export const photoIdsSchema = z
  .array(z.uuid({ message: 'validation.photoInvalid' }))
  .max(LIMITS.photosPerItemMax, { message: 'validation.tooManyPhotos' })
  .refine((ids) => new Set(ids).size === ids.length, { message: 'validation.photoInvalid' });

/**
 * The whole item form. `earliest` bounds the reservation date (see
 * personalUseUntilSchema). `userId` may accompany the call (spec §7); when
 * present it must be the signed-in user.
 */
export const itemFormSchema = (earliest: string) =>
  z.object({
    userId: z.uuid().optional(),
    name: itemNameSchema,
    description: itemDescriptionSchema.prefault(''),
    category: itemCategorySchema,
    status: ownerItemStatusSchema.default('available'),
    imageUrl: imageUrlSchema.prefault(''),
    photoIds: photoIdsSchema.default([]),
    personalUseUntil: personalUseUntilSchema(earliest).default(null),
  });
export type ItemFormInput = z.input<ReturnType<typeof itemFormSchema>>;
export type ItemFormValues = z.output<ReturnType<typeof itemFormSchema>>;

export const itemIdParamsSchema = z.object({ id: z.uuid() });

/** Spec §2 Available Items: search, category and status filters, and the next page. */
export const AVAILABLE_STATUS_FILTERS = ['all', 'available', 'in_use'] as const;
export type AvailableStatusFilter = (typeof AVAILABLE_STATUS_FILTERS)[number];

export const availableItemsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(LIMITS.nameMax, { message: 'validation.searchTooLong' })
    .refine(isSingleLine, { message: 'validation.invalidCharacters' })
    .optional(),
  category: z.enum(['all', ...ITEM_CATEGORIES]).default('all'),
  status: z.enum(AVAILABLE_STATUS_FILTERS).default('all'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.itemsPageMax).default(LIMITS.itemsPageSize),
});
export type AvailableItemsQuery = z.input<typeof availableItemsQuerySchema>;

const photoSchema = z.object({ id: z.string(), url: z.string() });
export type ItemPhoto = z.infer<typeof photoSchema>;

/** What every viewer of an item sees. */
const itemBaseSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.enum(ITEM_CATEGORIES),
  status: z.enum(ITEM_STATUSES),
  imageUrl: z.string().nullable(),
  photos: z.array(photoSchema),
  personalUseUntil: z.string().nullable(),
  owner: z.object({ name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The owner's view (My Items): who it is shared with and the requests it has. */
export const ownItemSchema = itemBaseSchema.extend({
  /** Registered contacts plus groups that may see it. */
  sharedWithCount: z.number().int(),
  requestCounts: z.object({ pending: z.number().int(), accepted: z.number().int(), other: z.number().int() }),
  /**
   * Who has it when the owner recorded the loan for someone without an
   * account (issue 19): no lending request names them. Null otherwise.
   */
  unregisteredBorrower: z
    .object({ loanId: z.string(), name: z.string(), expectedReturnDate: z.string().nullable() })
    .nullable(),
});
export type OwnItem = z.infer<typeof ownItemSchema>;

/** Someone else's item: the groups through which it reached the viewer (spec §2 "shared via"). */
export const sharedItemSchema = itemBaseSchema.extend({
  sharedViaGroups: z.array(z.object({ id: z.string(), name: z.string() })),
  /**
   * The owner accepted someone's request and has not handed the item out
   * yet: still `available` (the owner has it), but no one else can ask now.
   */
  promised: z.boolean(),
});
export type SharedItem = z.infer<typeof sharedItemSchema>;

export const availableItemsPageSchema = z.object({
  items: z.array(sharedItemSchema),
  /** Opaque; absent on the last page. */
  nextCursor: z.string().nullable(),
});
export type AvailableItemsPage = z.infer<typeof availableItemsPageSchema>;

/** GET /api/items/{id}: the owner's or a viewer's view. */
export const itemDetailsSchema = z.union([ownItemSchema, sharedItemSchema]);

/** Spec §6: "Can see" per registered contact and per group. */
export const contactPermissionSchema = z.object({
  contactUserId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  canView: z.boolean(),
});
export type ContactPermission = z.infer<typeof contactPermissionSchema>;

export const groupPermissionSchema = z.object({
  groupId: z.string(),
  name: z.string(),
  memberCount: z.number().int(),
  canView: z.boolean(),
});
export type GroupPermission = z.infer<typeof groupPermissionSchema>;

export const setContactPermissionSchema = z.object({
  itemId: z.uuid(),
  contactUserId: z.uuid(),
  canView: z.boolean(),
});
export const setGroupPermissionSchema = z.object({ itemId: z.uuid(), groupId: z.uuid(), canView: z.boolean() });
export const contactPermissionParamsSchema = z.object({ itemId: z.uuid(), contactUserId: z.uuid() });
export const groupPermissionParamsSchema = z.object({ itemId: z.uuid(), groupId: z.uuid() });

export const photoIdParamsSchema = z.object({ id: z.uuid() });
export const uploadedPhotoSchema = photoSchema;

/** The address a stored photo is served from (only to people who may see its item). */
export const photoUrl = (photoId: string) => `/api/photos/${photoId}`;

/** GET /api/photos/{id}?size= (PHOTO_SIZES, in ../items.ts, free of zod for the item cards). */
export const photoQuerySchema = z.object({ size: z.enum(PHOTO_SIZES).optional() });
export type { PhotoSize } from '../items';
