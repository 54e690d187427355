import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { registerErrorHandler } from './error-handler';

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.get('/boom', async () => {
    throw new Error('secret connection string postgres://user:pw@db');
  });
  app.get('/conflict', async () => {
    throw AppError.conflict('Already there', 'errors.contactDuplicate');
  });
  app.post(
    '/echo',
    { schema: { body: z.object({ name: z.string().min(1, { message: 'validation.nameRequired' }) }) } },
    async (r) => r.body,
  );
  await app.ready();
  return app;
}

describe('the error handler', () => {
  it('hides the internals of a 5xx', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('postgres');
    expect(response.json()).toEqual({
      error: { code: 'server_error', messageKey: 'errors.server_error', message: 'Internal server error' },
    });
  });

  it('passes an AppError on with its status and message key', async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'duplicate_entry', messageKey: 'errors.contactDuplicate' });
  });

  it('turns schema failures, malformed JSON and unknown routes into clear 4xx', async () => {
    const app = await appWithRoutes();
    const invalid = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.issues).toEqual([{ path: 'name', messageKey: 'validation.nameRequired' }]);

    const malformed = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('invalid_input');

    const unsupported = await app.inject({
      method: 'POST',
      url: '/echo',
      payload: 'x',
      headers: { 'content-type': 'text/csv' },
    });
    expect(unsupported.statusCode).toBe(415);

    const missing = await app.inject({ method: 'GET', url: '/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });
});

describe('database refusals', () => {
  it('become 4xx: bad input that slipped past a schema is never a 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    const pgError = (code: string) => Object.assign(new Error('pg'), { code });
    app.get('/nul', async () => {
      throw Object.assign(new Error('Failed query'), { cause: pgError('22021') });
    });
    app.get('/unique', async () => {
      throw pgError('23505');
    });
    app.get('/connection', async () => {
      throw pgError('08006');
    });
    expect((await app.inject({ url: '/nul' })).json().error.code).toBe('invalid_input');
    expect((await app.inject({ url: '/unique' })).statusCode).toBe(409);
    // A lost connection is no refusal of input: 503, try again (docs/decisions/0019).
    const lost = await app.inject({ url: '/connection' });
    expect(lost.statusCode).toBe(503);
    expect(lost.json().error.code).toBe('database_unavailable');
  });
});
