import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { BLOCKS_URL } from './get-blocked-people';

/** DELETE /api/blocks/{userId}: lifts the block; the caller refreshes the affected lists (`refreshAfterBlockChange`). */
export async function unblockPerson(userId: string): Promise<void> {
  await apiRequest('DELETE', `${BLOCKS_URL}/${encodeURIComponent(userId)}`);
}

export function useUnblockPerson() {
  return useMutation({ mutationFn: unblockPerson });
}
