import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BannerState } from '@/contract/schemas/feedback';
import { apiAnswer } from '@/client/lib/api-client';

export const BANNER_STATE_URL = '/api/banner/should-show';

/** GET /api/banner/should-show: whether the beta feedback banner shows (spec §4, §7). */
export async function getBannerState(signal?: AbortSignal): Promise<BannerState> {
  return apiAnswer<BannerState>('GET', BANNER_STATE_URL, { signal });
}

export const bannerStateQueryOptions = () =>
  queryOptions({
    queryKey: [BANNER_STATE_URL],
    queryFn: ({ signal }) => getBannerState(signal),
  });

/**
 * True once the server said to show the banner. While the answer is on its
 * way, or when the request failed, the banner stays away: an invitation to
 * give feedback is not worth an error message.
 */
export function useShowFeedbackBanner(): boolean {
  return useQuery(bannerStateQueryOptions()).data?.show === true;
}
