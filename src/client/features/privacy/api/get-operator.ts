import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OperatorDetails } from '@/contract/schemas/legal';
import { apiAnswer } from '@/client/lib/api-client';

export const OPERATOR_URL = '/api/legal/operator';

/** GET /api/legal/operator (public): who runs this instance; null fields are not configured yet. */
export async function getOperator(signal?: AbortSignal): Promise<OperatorDetails> {
  return apiAnswer<OperatorDetails>('GET', OPERATOR_URL, { signal });
}

export const operatorQueryOptions = () =>
  queryOptions({
    queryKey: [OPERATOR_URL],
    queryFn: ({ signal }) => getOperator(signal),
  });

export function useOperator() {
  return useQuery(operatorQueryOptions());
}
