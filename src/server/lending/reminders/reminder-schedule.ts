import type { LoanReminderKind } from '@/contract/enums';
import { addDays } from '@/contract/schemas/lending';
import { dateInZone, zonedHourToInstant } from '../../dates/zoned-time';

/**
 * When a loan's reminders go out (issue 18, docs/decisions/0026): "due
 * tomorrow" on the day before the due date, then an overdue notice on the day
 * after it and weekly, at most three. Each at `hour` o'clock in the
 * community's time zone. Pure: the job and its tests pass the clock.
 */

/** Days after the due date of the overdue notices 1, 2 and 3. */
export const OVERDUE_NOTICE_DAYS = [1, 8, 15] as const;

export interface ReminderTiming {
  timeZone: string;
  /** The local hour (0–23) reminders go out at. */
  hour: number;
}

export interface ReminderMoment {
  kind: LoanReminderKind;
  /** 0 for due_soon; 1, 2, 3 for the overdue notices (loan_reminders.sequence). */
  sequence: number;
  /** The local date the reminder belongs to. */
  date: string;
  at: Date;
}

export function reminderMoments(dueDate: string, timing: ReminderTiming): ReminderMoment[] {
  const moment = (kind: LoanReminderKind, sequence: number, date: string): ReminderMoment => ({
    kind,
    sequence,
    date,
    at: zonedHourToInstant(date, timing.hour, timing.timeZone),
  });
  return [
    moment('due_soon', 0, addDays(dueDate, -1)),
    ...OVERDUE_NOTICE_DAYS.map((days, index) => moment('overdue', index + 1, addDays(dueDate, days))),
  ];
}

export interface ReminderDecision {
  /** The reminder due now, if any. */
  send: ReminderMoment | null;
  /** When to look again; null when no reminder is left. */
  next: Date | null;
}

/**
 * What is due at `now` for a loan due on `dueDate`: the latest reminder whose
 * time has come, if it is still its day (a job that runs late, say after an
 * outage, never says "due tomorrow" on the due date, and never sends two
 * overdue notices at once). Whether it was sent already is the database's
 * business (loan_reminders), not this function's.
 */
export function decideReminder(dueDate: string, now: Date, timing: ReminderTiming): ReminderDecision {
  const moments = reminderMoments(dueDate, timing);
  const reached = moments.filter((moment) => moment.at.getTime() <= now.getTime());
  const latest = reached.at(-1) ?? null;
  const stillItsDay = latest && (latest.kind === 'overdue' || dateInZone(now, timing.timeZone) === latest.date);
  const next = moments.find((moment) => moment.at.getTime() > now.getTime());
  return { send: stillItsDay ? latest : null, next: next?.at ?? null };
}

export interface ReservationDecision {
  /** The hand-over reminder due now, if any (only on the first day itself). */
  send: ReminderMoment | null;
  /** The pick-up grace is over: release the reservation, unless the owner keeps it. */
  release: boolean;
  /** When to look again; null when nothing is left. */
  next: Date | null;
}

/**
 * What is due at `now` for an accepted reservation whose first day is
 * `startDate` (issue 35): on that day at `hour`, a hand-over reminder to
 * both people; RESERVATION_PICKUP_GRACE_DAYS days after the later of that
 * day and `acceptedOn` (a request accepted after its first day gets its
 * whole grace from the accept), at the same hour, its release (for a
 * reservation the owner keeps, nothing more). Pure, as `decideReminder`.
 */
export function decideReservation(
  startDate: string,
  acceptedOn: string,
  now: Date,
  timing: ReminderTiming,
  graceDays: number,
  kept: boolean,
): ReservationDecision {
  const handover: ReminderMoment = {
    kind: 'handover',
    sequence: 0,
    date: startDate,
    at: zonedHourToInstant(startDate, timing.hour, timing.timeZone),
  };
  const graceFrom = acceptedOn > startDate ? acceptedOn : startDate;
  const releaseAt = zonedHourToInstant(addDays(graceFrom, graceDays), timing.hour, timing.timeZone);
  const reached = handover.at.getTime() <= now.getTime();
  const send = reached && dateInZone(now, timing.timeZone) === startDate ? handover : null;
  const release = !kept && releaseAt.getTime() <= now.getTime();
  const next = !reached ? handover.at : !kept && !release ? releaseAt : null;
  return { send, release, next };
}
