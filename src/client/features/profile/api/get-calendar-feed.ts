import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeed } from '@/contract/schemas/calendar-feed';
import { apiAnswer } from '@/client/lib/api-client';

export const CALENDAR_FEED_URL = '/api/calendar-feed';

/** GET /api/calendar-feed: the link of one's private calendar feed, `url: null` while there is none. */
export async function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiAnswer<CalendarFeed>('GET', CALENDAR_FEED_URL, { signal });
}

export const calendarFeedQueryOptions = () =>
  queryOptions({
    queryKey: [CALENDAR_FEED_URL],
    queryFn: ({ signal }) => getCalendarFeed(signal),
  });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
