import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { blockUserSchema } from '@/contract/schemas/blocks';
import { apiRequest } from '@/client/lib/api-client';
import { BLOCKS_URL } from './get-blocked-people';

export type BlockPersonInput = z.input<typeof blockUserSchema>;

/**
 * POST /api/blocks `{ userId }`: blocks that person. Any 2xx is success (the
 * contract names no answer body). The caller refreshes the affected lists
 * (`refreshAfterBlockChange`) once it has left the screen the block hides.
 */
export async function blockPerson({ userId }: BlockPersonInput): Promise<void> {
  const body: BlockPersonInput = { userId };
  await apiRequest('POST', BLOCKS_URL, { body });
}

export function useBlockPerson() {
  return useMutation({ mutationFn: blockPerson });
}
