/*
 * Wall-clock times in a named time zone (IANA, e.g. Europe/Zurich) without a
 * date library: Intl knows every zone's offsets, including summer time.
 * Reminders go out at a morning hour in the community's zone
 * (docs/decisions/0026-due-dates-and-reminders.md).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(instant: Date, timeZone: string) {
  const parts: Record<string, string> = {};
  for (const part of partsFormatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    asUtcMs: Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    ),
  };
}

/** True when `timeZone` is a zone this runtime knows (config validation). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (`YYYY-MM-DD`) it is in `timeZone` at `instant`. */
export function dateInZone(instant: Date, timeZone: string): string {
  return wallClock(instant, timeZone).date;
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return wallClock(whole, timeZone).asUtcMs - whole.getTime();
}

/**
 * The instant the clocks in `timeZone` show `hour`:00 on `date`. Two passes:
 * the offset at the first guess can differ from the offset at the answer when
 * summer time starts or ends in between. An hour the clocks skip resolves to
 * the hour after.
 */
export function zonedHourToInstant(date: string, hour: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  let guess = wall - offsetMs(new Date(wall), timeZone);
  guess = wall - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}
