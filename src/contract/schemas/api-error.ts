import { z } from 'zod';
import { ERROR_CODES } from '../errors';
import { holdConflictSchema } from '../reservations';

/**
 * The body of every error answer, as the one error handler
 * (server/http/error-handler.ts) and the handler of unreadable requests send
 * it; the API reference declares it for every operation's error responses.
 */
export const apiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    messageKey: z.string().describe('A translation key, e.g. `errors.not_found`.'),
    message: z.string().describe('English fallback text, for logs and clients without the locale files.'),
    issues: z
      .array(z.object({ path: z.string(), messageKey: z.string() }))
      .optional()
      .describe('For invalid input: which fields failed, each with its own message key.'),
    conflict: holdConflictSchema
      .optional()
      .describe('For a refused booking (docs/decisions/0047): the days already held and the nearest free period.'),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;
