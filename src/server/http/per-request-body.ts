import { z } from 'zod';

/**
 * What the API reference shows for a per-request body: the schema it
 * stands for, built when the document is built. A pipe from z.unknown()
 * would otherwise be documented as its input, `{}`.
 */
const documentedBodies = new WeakMap<z.ZodType, () => z.ZodType>();

/**
 * A body schema built afresh for each request, for forms whose bounds move
 * with the calendar (the earliest reservation date, the latest borrow start):
 * a schema built once at start-up would keep the start-up day. The issues
 * keep their paths and message keys, so the error handler answers as for any
 * other schema.
 */
export function perRequestBody<T extends z.ZodType>(build: () => T) {
  const body = z.unknown().transform((value, ctx): z.output<T> => {
    const parsed = build().safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  });
  documentedBodies.set(body, build);
  return body;
}

/**
 * For the API reference: the schema a route body stands for. A per-request
 * body becomes the schema built now (its calendar bounds are refinements,
 * which JSON Schema does not show anyway); any other body is itself.
 */
export function documentedBodySchema(body: unknown): unknown {
  const build = body instanceof z.ZodType ? documentedBodies.get(body) : undefined;
  return build ? build() : body;
}
