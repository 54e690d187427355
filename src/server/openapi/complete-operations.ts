import { z } from 'zod';
import { apiErrorBodySchema } from '../../contract/schemas/api-error';
import type { OpenApiDocument } from './openapi-document-schema';
import { OPERATIONS, TAGS, type OperationDocs } from './operations';

export const ERROR_SCHEMA_NAME = 'ApiError';
const ERROR_CONTENT = { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } };

/** What this file reads of an operation @fastify/swagger wrote; everything else passes through. */
const operationSchema = z.looseObject({
  parameters: z.array(z.looseObject({ in: z.string() })).optional(),
  requestBody: z.unknown().optional(),
  security: z.array(z.unknown()).optional(),
  responses: z.record(z.string(), z.unknown()).optional(),
});
type Operation = z.infer<typeof operationSchema>;

/**
 * The error answers an operation can give, from what the route declares
 * (issue 32, finding 8). Each names the codes behind it; all carry the one
 * error body (`ApiError`).
 *
 * - 400 for every operation: besides invalid input, any request can be one
 *   the server cannot read (http/unreadable-requests.ts).
 * - 401 unless the route is public; 403 where a write can come from another
 *   origin or a path names someone or something the reader may not act on.
 * - 404 where the path names something.
 * - `default`: whatever else the operation can answer (conflicts, 413, 415,
 *   422, 429 with Retry-After, 503), with the same body.
 */
function errorResponses(method: string, operation: Operation): Record<string, unknown> {
  const names = (operation.parameters ?? []).some((parameter) => parameter.in === 'path');
  const isPublic = operation.security !== undefined && operation.security.length === 0;
  const response = (description: string) => ({ description, content: ERROR_CONTENT });
  return {
    400: response(
      'Invalid input (`invalid_input`, with `issues` per field) or a request the server cannot read (`malformed_request`).',
    ),
    ...(!isPublic && { 401: response('Not signed in (`authentication_required`).') }),
    ...(!isPublic &&
      (method !== 'get' || names) && {
        403: response(
          'Not allowed (`permission_denied`, or a more specific code); a write from another origin is `cross_origin_refused`.',
        ),
      }),
    ...(names && { 404: response('Not found, or not visible to the signed-in person (`not_found`).') }),
    default: response(
      'Any other error: a conflict (409), a body too large (413) or of the wrong type (415), too many requests (429, with Retry-After), the database briefly unavailable (503).',
    ),
  };
}

/**
 * Completes what @fastify/swagger generated from the routes: each
 * operation's `operationId`, summary and tag from the catalogue
 * (operations.ts), its error answers, the error body, the tags' descriptions
 * and the server. An operation missing from the catalogue is left without
 * them, so the reference test and `redocly lint` name it.
 */
export function completeOperations(document: OpenApiDocument, serverUrl: URL): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, operations] of Object.entries(document.paths)) {
    paths[path] = {};
    for (const [method, raw] of Object.entries(operations)) {
      const operation = operationSchema.parse(raw);
      const docs: OperationDocs | undefined = OPERATIONS[`${method.toUpperCase()} ${path}`];
      paths[path][method] = {
        ...(docs && { operationId: docs.operationId, summary: docs.summary, tags: [docs.tag] }),
        ...operation,
        responses: { ...errorResponses(method, operation), ...operation.responses },
      };
    }
  }
  return {
    ...document,
    servers: [{ url: serverUrl.origin, description: 'This instance (PUBLIC_URL)' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      ...document.components,
      schemas: {
        ...(document.components?.schemas as Record<string, unknown> | undefined),
        [ERROR_SCHEMA_NAME]: z.toJSONSchema(apiErrorBodySchema),
      },
    },
  };
}
