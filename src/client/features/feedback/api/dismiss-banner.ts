import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BannerState } from '@/contract/schemas/feedback';
import { apiRequest } from '@/client/lib/api-client';
import { BANNER_STATE_URL } from './get-banner-state';

export const DISMISS_BANNER_URL = '/api/banner/dismiss';

/** POST /api/banner/dismiss (spec §7: with the user's id): the banner stays away for good. Any 2xx is success. */
export async function dismissBanner(userId: string): Promise<void> {
  await apiRequest('POST', DISMISS_BANNER_URL, { body: { userId } });
}

/**
 * The banner hides at once, before the server answers: the person asked it
 * to go away. Should the request fail, it hides for this visit only and the
 * server shows it again on the next one, so nothing is worth a toast.
 */
export function useDismissBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissBanner,
    onMutate: () => {
      queryClient.setQueryData<BannerState>([BANNER_STATE_URL], { show: false });
    },
  });
}
