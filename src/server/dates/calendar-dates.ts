/*
 * Calendar dates (`YYYY-MM-DD`) the server compares form dates with. The
 * server does not know the user's time zone, so it uses the widest "today":
 * a date a form in any zone allowed must not be refused
 * (docs/decisions/0009 and 0010).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The earliest date that is still "today" somewhere: yesterday in UTC. The
 * lower bound of dates that must not be in the past (an item's "available
 * again" date, a borrow request's start).
 */
export function earliestReservationDate(now = new Date()): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/**
 * The latest date that is "today" somewhere: tomorrow in UTC. A reservation
 * blocks requests while its "available again" date is after it, and the
 * latest start of a borrow request counts from it, so the server never
 * refuses what a form in any time zone allowed.
 */
export function latestLocalToday(now = new Date()): string {
  return new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10);
}

/** Today in UTC: the day an overdue loan is shown busy through (docs/decisions/0047). */
export function utcToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}
