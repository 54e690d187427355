import { z } from 'zod';

/**
 * A body schema built afresh for each request, for forms whose bounds move
 * with the calendar (the earliest reservation date, the latest borrow start):
 * a schema built once at start-up would keep the start-up day. The issues
 * keep their paths and message keys, so the error handler answers as for any
 * other schema.
 */
export function perRequestBody<T extends z.ZodType>(build: () => T) {
  return z.unknown().transform((value, ctx): z.output<T> => {
    const parsed = build().safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  });
}
