import type { RouteOptions } from 'fastify';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import packageJson from '../../../package.json';
import { createTestApp, type TestApp } from '../../../tests/support/app';
import { createUser } from '../../../tests/support/factories';
import { apiErrorBodySchema } from '../../contract/schemas/api-error';
import { LIMITS } from '../../contract/limits';
import { API_REFERENCE_PATH, SESSION_SECURITY_SCHEME } from './api-reference';
import { ERROR_SCHEMA_NAME } from './complete-operations';
import { OPERATIONS } from './operations';

const execFileAsync = promisify(execFile);

/** What these tests read of the document: each operation and whether it asks for the session. */
const documentPathsSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(z.string(), z.looseObject({ security: z.array(z.record(z.string(), z.array(z.string()))).optional() })),
  ),
});

/** What the request-body tests read: each operation's body, per content type; an optional body is an anyOf with null. */
const objectSchema = z.looseObject({ properties: z.record(z.string(), z.unknown()).optional() });
const requestBodySchema = z.object({
  content: z.record(
    z.string(),
    z.object({ schema: objectSchema.extend({ anyOf: z.array(objectSchema).optional() }).optional() }),
  ),
});
const requestBodiesSchema = z.object({
  paths: z.record(z.string(), z.record(z.string(), z.looseObject({ requestBody: requestBodySchema.optional() }))),
});
type DocumentedRequestBodies = z.infer<typeof requestBodiesSchema>['paths'];

function requestBody(paths: DocumentedRequestBodies, operation: string) {
  const [method = '', url = ''] = operation.split(' ');
  return paths[url]?.[method.toLowerCase()]?.requestBody;
}

interface RegisteredRoute {
  /** "METHOD /api/path/{param}", as the document names it. */
  operation: string;
  isPublic: boolean;
  declaresBody: boolean;
  /** The raw types an upload route takes (schema.consumes), else undefined. */
  consumes: readonly string[] | undefined;
}

/** Fastify's `:param` is OpenAPI's `{param}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

let t: TestApp;
const registered: RegisteredRoute[] = [];
beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    // Fastify adds a HEAD twin for every GET; /oidc (the built-in provider), /healthz and the client's files are not the JSON API.
    if (!route.url.startsWith('/api/')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
      registered.push({
        operation: `${method} ${openApiPath(route.url)}`,
        isPublic: route.config?.public === true,
        declaresBody: route.schema?.body !== undefined,
        consumes: route.schema?.consumes,
      });
    }
  };
  t = await createTestApp({}, { onRoute });
});
afterAll(() => t.close());

async function fetchDocument() {
  const response = await t.request(null, { method: 'GET', url: API_REFERENCE_PATH });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe(`GET ${API_REFERENCE_PATH}`, () => {
  it('is public and describes the API: title, version from package.json, the session cookie', async () => {
    const response = await fetchDocument();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // Like every other API answer, public or not (http/cache-policy.ts).
    expect(response.headers['cache-control']).toBe('no-store');
    const document = response.json<unknown>();
    expect(document).toMatchObject({
      openapi: '3.1.0',
      info: {
        title: 'Lendloop API',
        version: packageJson.version,
        description: expect.stringContaining('session cookie'),
      },
      components: {
        securitySchemes: { [SESSION_SECURITY_SCHEME]: { type: 'apiKey', in: 'cookie', name: 'lendloop_session' } },
      },
      security: [{ [SESSION_SECURITY_SCHEME]: [] }],
    });
  });

  it('lists every API route the app registers, with its method, and nothing else', async () => {
    // Guards the comparison below against an onRoute hook that saw nothing.
    expect(registered.map((route) => route.operation)).toEqual(
      expect.arrayContaining([
        'GET /api/items/my',
        'POST /api/items',
        'GET /api/items/{id}',
        `GET ${API_REFERENCE_PATH}`,
      ]),
    );
    const { paths } = documentPathsSchema.parse((await fetchDocument()).json());
    const documented = Object.entries(paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${url}`),
    );
    expect(documented.sort()).toEqual(registered.map((route) => route.operation).sort());
  });

  it('asks for the session cookie on every route except the public ones', async () => {
    const { paths } = documentPathsSchema.parse((await fetchDocument()).json());
    const security = (operation: string) => {
      const [method = '', url = ''] = operation.split(' ');
      return paths[url]?.[method.toLowerCase()]?.security;
    };
    const publicOperations = registered.filter((route) => route.isPublic).map((route) => route.operation);
    expect(publicOperations).toEqual(expect.arrayContaining(['GET /api/legal/operator', `GET ${API_REFERENCE_PATH}`]));
    for (const operation of publicOperations) expect(security(operation), operation).toEqual([]);
    // No own requirement: the document-wide session cookie applies.
    for (const route of registered.filter((r) => !r.isPublic))
      expect(security(route.operation), route.operation).toBeUndefined();
  });

  it('carries the contract’s body, query and response schemas', async () => {
    const document = (await fetchDocument()).json<unknown>();
    const json = (schema: object) => ({ content: { 'application/json': { schema } } });
    expect(document).toMatchObject({
      paths: {
        '/api/groups': {
          post: {
            requestBody: json({
              properties: { name: { type: 'string', minLength: 1, maxLength: LIMITS.groupNameMax } },
              required: ['name'],
            }),
            responses: {
              201: json({ properties: { groupCode: { type: ['string', 'null'] }, memberCount: { type: 'number' } } }),
            },
          },
        },
        '/api/messages': {
          post: {
            requestBody: json({
              properties: { content: { type: 'string', maxLength: LIMITS.messageMax } },
              required: ['receiverId', 'content'],
            }),
            responses: {
              201: json({ properties: { messageType: { enum: expect.arrayContaining(['user', 'system']) } } }),
            },
          },
        },
        '/api/groups/search': {
          get: {
            parameters: [{ in: 'query', name: 'q', required: true, schema: { minLength: LIMITS.groupSearchMin } }],
          },
        },
      },
    });
  });

  it('shows the schema of every request body, also those built per request', async () => {
    const { paths } = requestBodiesSchema.parse((await fetchDocument()).json());
    const withBody = registered.filter((route) => route.declaresBody).map((route) => route.operation);
    // The per-request bodies (http/per-request-body.ts) are among them: they would show as `{}`.
    expect(withBody).toEqual(
      expect.arrayContaining(['POST /api/items', 'PUT /api/items/{id}', 'POST /api/lending-requests']),
    );
    for (const operation of withBody) {
      const schema = requestBody(paths, operation)?.content['application/json']?.schema;
      const properties = [schema, ...(schema?.anyOf ?? [])].flatMap((branch) => Object.keys(branch?.properties ?? {}));
      expect(properties, operation).not.toHaveLength(0);
    }
    expect(requestBody(paths, 'POST /api/lending-requests')?.content['application/json']?.schema).toMatchObject({
      properties: { itemId: { type: 'string' }, requestedFrom: { type: 'string' } },
      required: expect.arrayContaining(['itemId', 'requestedFrom', 'expectedReturnDate']),
    });
  });

  it('shows an image upload’s body as the file’s bytes under each image type it takes', async () => {
    const { paths } = requestBodiesSchema.parse((await fetchDocument()).json());
    const uploads = registered.filter((route) => route.consumes !== undefined);
    expect(uploads.map((route) => route.operation).sort()).toEqual([
      'POST /api/photos',
      'PUT /api/users/profile/photo',
    ]);
    for (const { operation, consumes } of uploads) {
      const body = requestBody(paths, operation);
      expect(Object.keys(body?.content ?? {}), operation).toEqual(consumes);
      for (const media of Object.values(body?.content ?? {}))
        expect(media.schema, operation).toMatchObject({ type: 'string', format: 'binary' });
    }
  });

  it('gives every operation a unique operationId, a one-line summary and a tag from the catalogue, and nothing unrouted', () => {
    const operations = registered.map((route) => route.operation).sort();
    expect(Object.keys(OPERATIONS).sort(), 'operations.ts lists exactly the registered routes').toEqual(operations);
    const ids = Object.values(OPERATIONS).map((docs) => docs.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [operation, docs] of Object.entries(OPERATIONS)) {
      expect(docs.operationId, operation).toMatch(/^[a-z][A-Za-z]+$/);
      expect(docs.summary, operation).toMatch(/^\S[^\n]{0,78}\S$/);
    }
  });

  it('declares the error answers of every operation with the body the error handler sends', async () => {
    const document = (await fetchDocument()).json<{
      servers: unknown;
      components: { schemas: Record<string, unknown> };
      paths: Record<
        string,
        Record<string, { operationId: string; tags: string[]; responses: Record<string, unknown> }>
      >;
    }>();
    expect(document.servers).toEqual([{ url: t.config.publicUrl.origin, description: expect.any(String) }]);
    expect(document.components.schemas[ERROR_SCHEMA_NAME]).toMatchObject({
      properties: { error: { required: ['code', 'messageKey', 'message'] } },
    });
    const errorBody = {
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${ERROR_SCHEMA_NAME}` } } },
    };
    for (const { operation, isPublic } of registered) {
      const [method = '', url = ''] = operation.split(' ');
      const documented = document.paths[url]?.[method.toLowerCase()];
      expect(documented?.operationId, operation).toBe(OPERATIONS[operation]?.operationId);
      expect(documented?.tags, operation).toEqual([OPERATIONS[operation]?.tag]);
      expect(documented?.responses[400], operation).toMatchObject(errorBody);
      expect(documented?.responses.default, operation).toMatchObject(errorBody);
      if (!isPublic) expect(documented?.responses[401], operation).toMatchObject(errorBody);
      if (url.includes('{')) expect(documented?.responses[404], operation).toMatchObject(errorBody);
    }
    // The declared body is the one really sent: a 404, a 401 and a 400 with issues, parsed with the same schema.
    const answers = await Promise.all([
      t.request(null, { method: 'GET', url: '/api/items/my' }),
      t.request(await createUser(t.db), { method: 'GET', url: `/api/items/${randomUUID()}` }),
      t.request(null, { method: 'GET', url: '/api/referral/preview?ref=' }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([401, 404, 400]);
    for (const answer of answers) expect(apiErrorBodySchema.safeParse(answer.json()).success, answer.body).toBe(true);
  });

  it('passes `redocly lint` (pinned in package.json, rules in redocly.yaml) with no error or warning', async () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'lendloop-openapi-'));
    const file = path.join(directory, 'openapi.json');
    writeFileSync(file, (await fetchDocument()).body);
    // The CLI's own telemetry and update check would call out of the test machine.
    const { stdout } = await execFileAsync(
      process.execPath,
      [path.resolve('node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--config', 'redocly.yaml', '--format=json'],
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = z
      .object({
        totals: z.object({ errors: z.number(), warnings: z.number() }),
        problems: z.array(z.looseObject({ ruleId: z.string(), message: z.string() })),
      })
      .parse(JSON.parse(stdout));
    expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    expect(report.totals).toEqual({ errors: 0, warnings: 0 });
  });
});
