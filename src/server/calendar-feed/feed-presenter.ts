import type { CalendarFeed } from '../../contract/schemas/calendar-feed';
import { localeText, type LocaleText } from '../i18n/locale-texts';
import { calendarFeedUrl } from './feed-url';
import type { CurrentCalendarFeed } from './get-calendar-feed';
import { nextDay, renderCalendar, type AllDayEvent } from './icalendar';
import type { CalendarFeedContent, FeedEventRow } from './read-calendar-feed';

/** Calendar apps fetch again about this often (RFC 7986 REFRESH-INTERVAL; many apps choose their own). */
const REFRESH_INTERVAL = 'PT1H';
const PRODUCT_ID = '-//Lendloop//Calendar feed//EN';

/** Which side of a loan the reader is on: the texts address them (public/locales/<lng>/calendar.json). */
type Side = 'lender' | 'borrower';

/**
 * The events of one request, each addressed to the reader in their profile's
 * language:
 * - a reservation (accepted, not yet handed over): the hand-over on its first
 *   day ("Hand over Drill to Bob" / "Pick up Drill from Alice") and the days it
 *   holds, first to last;
 * - a loan that is out: the day it is due back, when it has one ("Drill due
 *   back from Bob" / "Return Drill to Alice").
 * UIDs are the request's id with the event's kind, at the server's host:
 * the same at every fetch and after a new link, so calendar apps move an
 * event whose dates change instead of adding another.
 */
function eventsOf(row: FeedEventRow, t: LocaleText, host: string): AllDayEvent[] {
  if (row.itemName === null) throw new Error(`Lending request ${row.requestId} has neither an item nor an item name`);
  const side: Side = row.readerIsOwner ? 'lender' : 'borrower';
  const vars = {
    item: row.itemName,
    // A deleted account shows as the app shows it; the CHECK lending_requests_borrower_known guarantees a name.
    partner: row.partnerDeleted ? t('deletedAccount') : (row.partnerName ?? t('someone')),
  };
  const event = (kind: string, start: string, last: string): AllDayEvent => ({
    uid: `${row.requestId}-${kind}@${host}`,
    start,
    endExclusive: nextDay(last),
    summary: t(`${kind}.${side}`, vars),
    changedAt: row.updatedAt,
  });
  if (row.status === 'accepted') {
    if (row.requestedFrom === null) return [];
    const events = [event('handover', row.requestedFrom, row.requestedFrom)];
    if (row.expectedReturnDate !== null) events.push(event('reserved', row.requestedFrom, row.expectedReturnDate));
    return events;
  }
  if (row.status === 'borrowed' && row.expectedReturnDate !== null) {
    return [event('due', row.expectedReturnDate, row.expectedReturnDate)];
  }
  return [];
}

/** The feed as `text/calendar`: the reader's events on both sides of their lending. */
export function presentCalendarFeed(content: CalendarFeedContent, publicUrl: URL): string {
  const t = localeText('calendar', content.reader.language);
  return renderCalendar({
    productId: PRODUCT_ID,
    name: t('calendarName'),
    refreshInterval: REFRESH_INTERVAL,
    events: content.events.flatMap((row) => eventsOf(row, t, publicUrl.hostname)),
  });
}

/** GET and POST /api/calendar-feed: the absolute link to subscribe to, or none. */
export function presentCalendarFeedLink(feed: CurrentCalendarFeed | undefined, publicUrl: URL): CalendarFeed {
  if (!feed) return { url: null, createdAt: null };
  return { url: calendarFeedUrl(publicUrl, feed.token), createdAt: feed.createdAt.toISOString() };
}
