import type { Actor } from './actor';

/**
 * What the feed rule needs to know about a calendar feed link
 * (docs/decisions/0047). `linkIsCurrent` comes from the token check
 * (calendar-feed/feed-token.ts): the link is the one the server makes for
 * the person's current link id under its current key, not a replaced one or
 * one made under a key since changed.
 */
export interface CalendarFeedAccess {
  userId: string;
  linkIsCurrent: boolean;
}

/**
 * A person's private calendar feed: only they manage its link (see it, make
 * a new one, turn it off), and the feed is read with its current link alone,
 * by whoever holds it (a calendar app sends no cookie; the person it names is
 * the reader), and only that person's own lending shows in it.
 */
export const calendarFeedRules = {
  'calendarFeed:manage': (actor: Actor, owner: { userId: string }) => actor.id === owner.userId,
  'calendarFeed:read': (actor: Actor, feed: CalendarFeedAccess) => actor.id === feed.userId && feed.linkIsCurrent,
};
