import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { version } from '../../../package.json';
import { documentedBodySchema } from '../http/per-request-body';
import { completeOperations } from './complete-operations';
import { openApiDocumentSchema, type OpenApiDocument } from './openapi-document-schema';

export const API_REFERENCE_PATH = '/api/openapi.json';
export const SESSION_SECURITY_SCHEME = 'sessionCookie';

const DESCRIPTION = [
  'The JSON API of Lendloop, generated from the zod contract that the client and the server share (src/contract):',
  'request bodies, parameters and answers are the schemas the server validates and serialises with.',
  '',
  'Sign-in goes through OpenID Connect in the browser (GET /api/login, then GET /api/callback), which sets the',
  'session cookie. Every operation needs that cookie unless it lists no security requirement; without it the',
  'answer is 401 authentication_required. POST, PUT, PATCH and DELETE must come from the app’s own origin',
  '(Origin header), else 403 cross_origin_refused.',
  '',
  'Every error answers `{ "error": { "code", "messageKey", "message", "issues"? } }`: `code` is machine-readable,',
  '`messageKey` a translation key, and `issues` lists `{ path, messageKey }` per invalid field (400 invalid_input).',
].join('\n');

/**
 * The body of an upload route (photos/raw-image-body.ts): the image file's
 * bytes, shown under each image type the route `consumes`. Such a route has
 * no body schema, since its parser hands over a Buffer, not JSON.
 */
const RAW_UPLOAD_BODY = {
  type: 'string',
  format: 'binary',
  description: 'The image file itself as the request body (not JSON, not multipart), with its type as Content-Type.',
};

/**
 * Documents only the JSON API: the built-in sign-in provider (/oidc), the
 * health check and the built client's files are not part of it. Public routes
 * (`config: { public: true }`) drop the document-wide session requirement.
 * A per-request body is shown as the schema it stands for, an upload as bytes.
 */
const transformRoute: SwaggerTransform = (document) => {
  if (!document.url.startsWith('/api/')) return { url: document.url, schema: { hide: true } };
  const routeSchema = document.schema && { ...document.schema, body: documentedBodySchema(document.schema.body) };
  const { url, schema } = jsonSchemaTransform({ ...document, schema: routeSchema });
  // A route without any schema (GET /api/events) comes back without one, whatever the types say.
  const takesRawUpload = schema?.consumes !== undefined && schema.body === undefined;
  return {
    url,
    schema: {
      ...schema,
      ...(takesRawUpload && { body: RAW_UPLOAD_BODY }),
      ...(document.route.config?.public && { security: [] }),
    },
  };
};

/**
 * Publishes the API reference at GET /api/openapi.json. Registers
 * @fastify/swagger, whose onRoute hook records every route registered after
 * it, so call this before the feature routes. At start-up that hook only
 * keeps a list; the document is built on its first request and then served
 * from memory (@fastify/swagger caches it, and so does the parse below).
 */
export async function registerApiReference(
  app: FastifyInstance,
  { sessionCookieName, publicUrl }: { sessionCookieName: string; publicUrl: URL },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Lendloop API', version, description: DESCRIPTION },
      components: {
        securitySchemes: {
          [SESSION_SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: sessionCookieName,
            description: 'Opaque session token set by GET /api/callback after sign-in; HttpOnly, SameSite=Lax.',
          },
        },
      },
      security: [{ [SESSION_SECURITY_SCHEME]: [] }],
    },
    transform: transformRoute,
    transformObject: jsonSchemaTransformObject,
  });

  let cached: OpenApiDocument | undefined;
  app.withTypeProvider<ZodTypeProvider>().get(
    API_REFERENCE_PATH,
    // Public like the privacy policy's operator details: it describes the API and holds no personal data.
    { config: { public: true }, schema: { response: { 200: openApiDocumentSchema } } },
    async () => {
      cached ??= completeOperations(openApiDocumentSchema.parse(app.swagger()), publicUrl);
      return cached;
    },
  );
}
