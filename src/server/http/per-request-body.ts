import { z } from 'zod';

/**
 * What the API reference shows for a per-request body: the schema it
 * stands for, built when the document is built. A pipe from z.unknown()
 * would otherwise be documented as its input, `{}`.
 */
const documentedBodies = new WeakMap<z.ZodType, () => z.ZodType>();

/**
 * A body schema for forms whose bounds move with the calendar (the earliest
 * reservation date, the latest borrow start): a schema built once at start-up
 * would keep the start-up day. `bounds` is read on every request; the schema
 * is built again only when they changed, since building one costs about
 * 0.3 ms and parsing with it about 0.02 ms (docs/performance.md, round 3). The
 * issues keep their paths and message keys, so the error handler answers as
 * for any other schema.
 */
export function perRequestBody<B extends string[], T extends z.ZodType>(
  bounds: () => [...B],
  build: (...bounds: B) => T,
) {
  let built: { key: string; schema: T } | undefined;
  const current = (): T => {
    const now = bounds();
    const key = now.join('\n');
    if (built?.key !== key) built = { key, schema: build(...now) };
    return built.schema;
  };
  const body = z.unknown().transform((value, ctx): z.output<T> => {
    const parsed = current().safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    return z.NEVER;
  });
  documentedBodies.set(body, current);
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
