import { z } from 'zod';

/**
 * GET /api/openapi.json (public): the API reference as an OpenAPI 3.1
 * document, generated from the routes' own contract schemas. Only its frame
 * is checked here: the paths and schemas inside are whatever the routes
 * declare, so they pass through as they are.
 */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.looseObject({}).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocumentSchema>;
