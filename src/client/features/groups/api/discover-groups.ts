import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Group } from '@/contract/schemas/group';
import { apiAnswer } from '@/client/lib/api-client';
import type { Coordinates } from '../coordinates';
import { DISCOVER_GROUPS_URL } from './group-query-keys';

export interface DiscoverGroupsParams {
  /** Null: the newest public groups; else the public groups within the radius, nearest first. */
  position: Coordinates | null;
  radiusKm: number;
}

/** The query string: latitude, longitude and radius together, or nothing. */
export function discoverGroupsSearch({ position, radiusKm }: DiscoverGroupsParams): string {
  if (!position) return '';
  const params = new URLSearchParams({
    latitude: String(position.latitude),
    longitude: String(position.longitude),
    radius: String(radiusKm),
  });
  return `?${params.toString()}`;
}

/** GET /api/groups/discover: public groups; with a position each carries its distance in km. */
export async function discoverGroups(params: DiscoverGroupsParams, signal?: AbortSignal): Promise<Group[]> {
  return apiAnswer<Group[]>('GET', `${DISCOVER_GROUPS_URL}${discoverGroupsSearch(params)}`, { signal });
}

export const discoverGroupsQueryOptions = (params: DiscoverGroupsParams) =>
  queryOptions({
    queryKey: [DISCOVER_GROUPS_URL, params.position ? { ...params.position, radius: params.radiusKm } : {}],
    queryFn: ({ signal }) => discoverGroups(params, signal),
    // A new radius or position keeps the current cards until the answer is in, instead of flashing the skeleton.
    placeholderData: keepPreviousData,
  });

export function useDiscoverGroups(params: DiscoverGroupsParams) {
  return useQuery(discoverGroupsQueryOptions(params));
}
