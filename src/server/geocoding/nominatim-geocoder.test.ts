import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNominatimGeocoder } from './nominatim-geocoder';

/**
 * The external geocoder is a third-party service outside our walls; a local
 * HTTP server stands in for it, answering like Nominatim's /reverse does.
 */
let stub: FastifyInstance;
let baseUrl: URL;
let otherPort = 0;
const otherRequests: string[] = [];
let other: FastifyInstance;
const seen: { query: Record<string, string>; userAgent: string | undefined }[] = [];

beforeAll(async () => {
  other = Fastify();
  other.get('/internal', async (request) => {
    otherRequests.push(request.url);
    return { address: { town: 'Internal' } };
  });
  await other.listen({ port: 0, host: '127.0.0.1' });
  const otherAddress = other.server.address();
  if (!otherAddress || typeof otherAddress === 'string') throw new Error('no port');
  otherPort = otherAddress.port;
  stub = Fastify();
  stub.get('/reverse', async (request, reply) => {
    const query = request.query as Record<string, string>;
    seen.push({ query, userAgent: request.headers['user-agent'] });
    if (query.lat === '1') return reply.status(503).send('busy');
    if (query.lat === '2') return { error: 'Unable to geocode' };
    // Another port of the same address: a service the server must not be sent to.
    if (query.lat === '3') return reply.redirect(`http://127.0.0.1:${otherPort}/internal`, 302);
    if (query.lat === '4') return reply.redirect(`/reverse?lat=5&lon=0`, 302);
    if (query.lat === '6') return reply.send('x'.repeat(100_000));
    return { address: { town: 'Winterthur', country: query['accept-language'] === 'de' ? 'Schweiz' : 'Switzerland' } };
  });
  await stub.listen({ port: 0, host: '127.0.0.1' });
  const address = stub.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  baseUrl = new URL(`http://127.0.0.1:${address.port}/reverse`);
});
afterAll(async () => {
  await stub.close();
  await other.close();
});

describe('Nominatim geocoder', () => {
  it('asks with the position, the language and an identifying User-Agent', async () => {
    const geocoder = createNominatimGeocoder({ url: baseUrl, userAgent: 'Lendloop (test)' });
    expect(await geocoder.reverse({ latitude: 47.5, longitude: 8.72 }, 'de')).toBe('Winterthur, Schweiz');
    expect(seen.at(-1)).toMatchObject({
      query: { format: 'jsonv2', lat: '47.5', lon: '8.72', 'accept-language': 'de' },
      userAgent: 'Lendloop (test)',
    });
  });

  it('fails on an error status and names nothing when the service found nothing', async () => {
    const geocoder = createNominatimGeocoder({ url: baseUrl, userAgent: 'Lendloop (test)' });
    await expect(geocoder.reverse({ latitude: 1, longitude: 0 }, 'en')).rejects.toThrow('503');
    expect(await geocoder.reverse({ latitude: 2, longitude: 0 }, 'en')).toBeNull();
  });

  it('follows a redirect on its own host, never to another host or port (issue 32, finding 3), and caps the answer', async () => {
    const geocoder = createNominatimGeocoder({ url: baseUrl, userAgent: 'Lendloop (test)' });
    expect(await geocoder.reverse({ latitude: 4, longitude: 0 }, 'en')).toBe('Winterthur, Switzerland');
    await expect(geocoder.reverse({ latitude: 3, longitude: 0 }, 'en')).rejects.toThrow(/another host/);
    expect(otherRequests).toEqual([]);
    await expect(geocoder.reverse({ latitude: 6, longitude: 0 }, 'en')).rejects.toThrow(/more than/);
  });
});
