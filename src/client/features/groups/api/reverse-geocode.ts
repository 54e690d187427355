import { queryOptions } from '@tanstack/react-query';
import type { ReverseGeocode } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import type { Coordinates } from '../coordinates';
import { REVERSE_GEOCODE_URL } from './group-query-keys';

/** GET /api/geocode/reverse: a place name for a position, in the given language; 502 geocoding_failed. */
export async function reverseGeocode(position: Coordinates, language: string, signal?: AbortSignal): Promise<string> {
  const params = new URLSearchParams({
    latitude: String(position.latitude),
    longitude: String(position.longitude),
    language,
  });
  const answer = await apiAnswer<ReverseGeocode>('GET', `${REVERSE_GEOCODE_URL}?${params.toString()}`, {
    signal,
  });
  return answer.location;
}

export const reverseGeocodeQueryOptions = (position: Coordinates, language: string) =>
  queryOptions({
    queryKey: [REVERSE_GEOCODE_URL, position.latitude, position.longitude, language],
    queryFn: ({ signal }) => reverseGeocode(position, language, signal),
  });
