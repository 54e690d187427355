import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/client/lib/api-client';
import { CALENDAR_FEED_URL, calendarFeedQueryOptions } from './get-calendar-feed';

/** DELETE /api/calendar-feed: the feed is off and its link opens nothing any more (204). */
export async function turnOffCalendarFeed(): Promise<void> {
  await apiRequest('DELETE', CALENDAR_FEED_URL);
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: turnOffCalendarFeed,
    onSuccess: () => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, { url: null, createdAt: null }),
  });
}
