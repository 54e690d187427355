import { z } from 'zod';

/**
 * A person's private calendar feed (issue 35, docs/decisions/0047): one
 * secret link to subscribe to in a calendar app, with one's hand-overs,
 * reservations and return dates as lender and as borrower.
 *
 * - GET /api/calendar-feed → the current link, or `url: null` when there is none;
 * - POST /api/calendar-feed → a new link (the first, or one replacing the old, which stops working at once);
 * - DELETE /api/calendar-feed → 204, the feed is off (also when it was).
 *
 * The link itself, `PUBLIC_URL/calendar/<token>.ics`, is the credential:
 * calendar apps send no cookie.
 */
export const calendarFeedSchema = z.object({
  /** The absolute link to subscribe to; null: no feed. */
  url: z.string().nullable(),
  /** When the current link was made (ISO 8601); null with `url`. */
  createdAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
