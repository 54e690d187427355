import { z } from 'zod';
import type { ReverseGeocoder } from './reverse-geocoder';

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
 * a slow service never holds the dialog.
 */
export function createNominatimGeocoder(options: { url: URL; userAgent: string; timeoutMs?: number }): ReverseGeocoder {
  return {
    async reverse(position, language) {
      const url = new URL(options.url);
      url.searchParams.set('format', 'jsonv2');
      url.searchParams.set('lat', String(position.latitude));
      url.searchParams.set('lon', String(position.longitude));
      url.searchParams.set('zoom', '10');
      url.searchParams.set('accept-language', language);
      const response = await fetch(url, {
        headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) throw new Error(`Geocoder answered ${response.status}`);
      const address = answerSchema.parse(await response.json()).address;
      const place = address?.city ?? address?.town ?? address?.village ?? address?.municipality;
      if (!place) return null;
      return address?.country ? `${place}, ${address.country}` : place;
    },
  };
}
