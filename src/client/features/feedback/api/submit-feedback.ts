import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BannerState } from '@/contract/schemas/feedback';
import { apiRequest } from '@/client/lib/api-client';
import { BANNER_STATE_URL } from './get-banner-state';

export const FEEDBACK_URL = '/api/feedback';

export interface FeedbackVariables {
  userId: string;
  /** 1 to 5 stars. */
  rating: number;
  /** Already trimmed; left out when empty (spec §5). */
  feedback?: string;
}

/** POST /api/feedback (spec §7): the rating goes as the star number in a string, as the spec sends it. */
export async function submitFeedback({ userId, rating, feedback }: FeedbackVariables): Promise<void> {
  await apiRequest('POST', FEEDBACK_URL, { body: { userId, rating: String(rating), feedback } });
}

/** Answering also dismisses the banner for good (spec §4), so it hides once the server has the feedback. */
export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => {
      queryClient.setQueryData<BannerState>([BANNER_STATE_URL], { show: false });
    },
  });
}
