import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@/contract/schemas/calendar-feed';
import { apiAnswer } from '@/client/lib/api-client';
import { CALENDAR_FEED_URL, calendarFeedQueryOptions } from './get-calendar-feed';

/** POST /api/calendar-feed: a new link, the first or one replacing the old (which stops working at once). */
export async function makeCalendarFeedLink(): Promise<CalendarFeed> {
  return apiAnswer<CalendarFeed>('POST', CALENDAR_FEED_URL);
}

/** The answer is the new link: it replaces the card's at once. */
export function useMakeCalendarFeedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeCalendarFeedLink,
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedQueryOptions().queryKey, feed),
  });
}
