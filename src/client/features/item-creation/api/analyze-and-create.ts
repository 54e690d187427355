import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalyzeAndCreateInput, CreatedFromPhoto } from '@/contract/schemas/item-creation';
import { apiAnswer } from '@/client/lib/api-client';
import { ANALYZE_AND_CREATE_URL, refreshItemQueries } from './item-creation-urls';

export interface AnalyzeAndCreateRequest {
  body: AnalyzeAndCreateInput;
  /** Cancel in the progress step aborts the request (the server then creates nothing it reports). */
  signal?: AbortSignal;
}

/**
 * POST /api/items/analyze-and-create (spec §7): the 512 px copy to analyse,
 * the 1024 px copy to keep and the reader's language; 201 with the created
 * item and what the analysis said. Errors: image_analysis_failed,
 * too_many_requests, image_too_large, invalid_input.
 */
export async function analyzeAndCreate({ body, signal }: AnalyzeAndCreateRequest): Promise<CreatedFromPhoto> {
  return apiAnswer<CreatedFromPhoto>('POST', ANALYZE_AND_CREATE_URL, { body, signal });
}

/** Afterwards My Items (list and counts) and every other item query are refetched. */
export function useAnalyzeAndCreate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: analyzeAndCreate,
    onSuccess: () => refreshItemQueries(queryClient),
  });
}
