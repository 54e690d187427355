import { z } from 'zod';
import { systemResolve, type Resolve } from '../outbound/checked-address';
import { outboundGet, readCapped } from '../outbound/outbound-get';
import type { ReverseGeocoder } from './reverse-geocoder';

/** A place answer is a few hundred bytes; more is not an answer we asked for. */
const ANSWER_MAX_BYTES = 64 * 1024;

const answerSchema = z.object({
  address: z
    .object({
      city: z.string().optional(),
      town: z.string().optional(),
      village: z.string().optional(),
      municipality: z.string().optional(),
      country: z.string().optional(),
    })
    .optional(),
});

/**
 * An external reverse geocoder speaking the Nominatim API
 * (GEOCODER_URL, e.g. https://nominatim.openstreetmap.org/reverse). Its usage
 * policy asks for an identifying User-Agent; the request times out quickly so
 * a slow service never holds the dialog. Redirects only on its own host,
 * never to a private address elsewhere (outboundGet, issue 32 finding 3).
 */
export function createNominatimGeocoder(options: {
  url: URL;
  userAgent: string;
  timeoutMs?: number;
  /** Tests pass their own: DNS lies outside our walls. */
  resolve?: Resolve;
}): ReverseGeocoder {
  return {
    async reverse(position, language) {
      const url = new URL(options.url);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('lat', String(position.latitude));
      url.searchParams.set('lon', String(position.longitude));
      url.searchParams.set('zoom', '10');
      url.searchParams.set('accept-language', language);
      const signal = AbortSignal.timeout(options.timeoutMs ?? 5000);
      const response = await outboundGet(url, {
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
        signal,
        resolve: options.resolve ?? systemResolve,
        configuredHosts: new Set([options.url.host]),
        redirectHosts: [],
        maxRedirects: 2,
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`Geocoder answered ${response.status}`);
      }
      const body = await readCapped(response, ANSWER_MAX_BYTES, signal);
      if (!body) throw new Error(`Geocoder answered more than ${ANSWER_MAX_BYTES} bytes`);
      const address = answerSchema.parse(JSON.parse(body.toString('utf8'))).address;
      const place = address?.city ?? address?.town ?? address?.village ?? address?.municipality;
      if (!place) return null;
      return address?.country ? `${place}, ${address.country}` : place;
    },
  };
}
