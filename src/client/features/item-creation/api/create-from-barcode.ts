import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedFromBarcode, CreateFromBarcodeInput } from '@/contract/schemas/item-creation';
import { apiAnswer } from '@/client/lib/api-client';
import { FROM_BARCODE_URL, refreshItemQueries } from './item-creation-urls';

export interface CreateFromBarcodeRequest {
  body: CreateFromBarcodeInput;
  signal?: AbortSignal;
}

/**
 * POST /api/items/from-barcode: the digits the browser decoded and the
 * reader's language; 201 with the item, whether the code is an ISBN or
 * another product code, and whether a book lookup knew it. A bad checksum
 * is 400 with validation.barcodeInvalid.
 */
export async function createFromBarcode({ body, signal }: CreateFromBarcodeRequest): Promise<CreatedFromBarcode> {
  return apiAnswer<CreatedFromBarcode>('POST', FROM_BARCODE_URL, { body, signal });
}

/** Afterwards My Items (list and counts) and every other item query are refetched. */
export function useCreateFromBarcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFromBarcode,
    onSuccess: () => refreshItemQueries(queryClient),
  });
}
