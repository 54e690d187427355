import { z } from 'zod';

/**
 * POST /api/gdpr/export/{userId} and DELETE /api/gdpr/delete-account/{userId}
 * (spec §7): the id must be the signed-in user's own (rule `user:actAs`).
 */
export const accountParamsSchema = z.object({ userId: z.uuid() });
