import { z } from 'zod';
import { ITEM_CATEGORIES, LANGUAGES } from '../enums';
import { ownItemSchema } from './item';

/**
 * Creating an item from a photo or a barcode (spec §2 "AI item creation
 * dialog", §4 "AI creation", §7 POST /api/items/analyze-and-create; issue 16).
 * Both answers carry the created item, so the client opens its edit dialog
 * at once instead of looking for it after 1 s (docs/decisions/0020).
 */

/** A JPEG data URL as the client's canvas makes it (`canvas.toDataURL('image/jpeg', q)`). */
const jpegDataUrlSchema = z
  .string({ message: 'validation.imageRequired' })
  .regex(/^data:image\/jpeg;base64,[A-Za-z0-9+/]+={0,2}$/, { message: 'errors.invalid_image_format' });

/** POST /api/items/analyze-and-create: the 512 px copy to analyse, the 1024 px copy to keep, the reader's language. */
export const analyzeAndCreateSchema = z.object({
  aiImage: jpegDataUrlSchema,
  displayImage: jpegDataUrlSchema,
  language: z.enum(LANGUAGES),
});
export type AnalyzeAndCreateInput = z.input<typeof analyzeAndCreateSchema>;

/** What the analysis said: `recognized: false` means a neutral name, for the person to fill in. */
export const itemAnalysisSchema = z.object({
  recognized: z.boolean(),
  /** Which analyzer answered (`offline`, `openai-compatible`). */
  analyzer: z.string(),
  /** 0–1 as the analyzer reported it, null when it gives none. */
  confidence: z.number().min(0).max(1).nullable(),
  category: z.enum(ITEM_CATEGORIES),
  /** A guess too unsure to name the item after, offered to the person (docs/decisions/0043); null otherwise. */
  suggestion: z.object({ name: z.string(), category: z.enum(ITEM_CATEGORIES) }).nullable(),
});
export type ItemAnalysis = z.infer<typeof itemAnalysisSchema>;

export const createdFromPhotoSchema = z.object({ item: ownItemSchema, analysis: itemAnalysisSchema });
export type CreatedFromPhoto = z.infer<typeof createdFromPhotoSchema>;

/** POST /api/items/from-barcode: the digits the browser decoded (EAN-13, UPC-A/E, EAN-8, ISBN-10/13). */
export const createFromBarcodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{8,13}$|^[0-9]{9}[0-9Xx]$/, { message: 'validation.barcodeInvalid' }),
  language: z.enum(LANGUAGES),
});
export type CreateFromBarcodeInput = z.input<typeof createFromBarcodeSchema>;

export const BARCODE_KINDS = ['isbn', 'product'] as const;
export const createdFromBarcodeSchema = z.object({
  item: ownItemSchema,
  kind: z.enum(BARCODE_KINDS),
  /** An ISBN whose book the lookup service knew (title, author, cover filled in). */
  found: z.boolean(),
  /** One of the person's items already carries this code (issue 33): said in the edit dialog. */
  alreadyListed: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type CreatedFromBarcode = z.infer<typeof createdFromBarcodeSchema>;
