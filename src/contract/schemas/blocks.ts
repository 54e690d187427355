import { z } from 'zod';

/**
 * Blocking (docs/decisions/0018-messaging-consent-and-blocking.md).
 * POST /api/blocks `{ userId }` blocks that person; DELETE /api/blocks/{userId}
 * lifts the block; GET /api/blocks lists the people the signed-in user blocked.
 */
export const blockUserSchema = z.object({ userId: z.uuid() });
export const blockedUserParamsSchema = z.object({ userId: z.uuid() });

export const blockedPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  username: z.string(),
  photoUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;
export const blockedPeopleSchema = z.array(blockedPersonSchema);
