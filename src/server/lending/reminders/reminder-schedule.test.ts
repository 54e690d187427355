import { describe, expect, it } from 'vitest';
import { decideReminder, decideReservation, reminderMoments } from './reminder-schedule';

const timing = { timeZone: 'Europe/Zurich', hour: 9 };
// Due on Wednesday 2026-06-10; Zurich is UTC+2 in June, so 9:00 there is 07:00 UTC.
const due = '2026-06-10';
const at = (iso: string) => new Date(iso);

describe('reminderMoments', () => {
  it('is the day before at 9, then the day after and weekly, three times', () => {
    expect(reminderMoments(due, timing).map((m) => [m.kind, m.sequence, m.at.toISOString()])).toEqual([
      ['due_soon', 0, '2026-06-09T07:00:00.000Z'],
      ['overdue', 1, '2026-06-11T07:00:00.000Z'],
      ['overdue', 2, '2026-06-18T07:00:00.000Z'],
      ['overdue', 3, '2026-06-25T07:00:00.000Z'],
    ]);
  });
});

describe('decideReminder', () => {
  it('sends nothing before the day before, and looks again then', () => {
    const decision = decideReminder(due, at('2026-06-01T10:00:00Z'), timing);
    expect(decision.send).toBeNull();
    expect(decision.next?.toISOString()).toBe('2026-06-09T07:00:00.000Z');
  });

  it('says "due tomorrow" on the day before from 9 on, then waits for the day after', () => {
    const decision = decideReminder(due, at('2026-06-09T07:00:00Z'), timing);
    expect(decision.send).toMatchObject({ kind: 'due_soon', sequence: 0 });
    expect(decision.next?.toISOString()).toBe('2026-06-11T07:00:00.000Z');
    expect(decideReminder(due, at('2026-06-09T06:59:59Z'), timing).send).toBeNull();
  });

  it('never says "due tomorrow" on the due date itself (a job that ran late)', () => {
    const decision = decideReminder(due, at('2026-06-10T08:00:00Z'), timing);
    expect(decision.send).toBeNull();
    expect(decision.next?.toISOString()).toBe('2026-06-11T07:00:00.000Z');
  });

  it('sends the overdue notices on the day after, a week later and two weeks later, then stops', () => {
    expect(decideReminder(due, at('2026-06-11T07:00:00Z'), timing).send).toMatchObject({
      kind: 'overdue',
      sequence: 1,
    });
    expect(decideReminder(due, at('2026-06-18T07:30:00Z'), timing).send).toMatchObject({
      kind: 'overdue',
      sequence: 2,
    });
    const last = decideReminder(due, at('2026-06-25T07:00:00Z'), timing);
    expect(last.send).toMatchObject({ kind: 'overdue', sequence: 3 });
    expect(last.next).toBeNull();
  });

  it('after an outage sends only the latest overdue notice, never two at once', () => {
    const decision = decideReminder(due, at('2026-06-20T12:00:00Z'), timing);
    expect(decision.send).toMatchObject({ kind: 'overdue', sequence: 2 });
    expect(decision.next?.toISOString()).toBe('2026-06-25T07:00:00.000Z');
  });
});

describe('decideReservation (issue 35)', () => {
  const timing = { timeZone: 'Europe/Zurich', hour: 9 };
  const at = (iso: string) => new Date(iso);

  it('reminds on the first day at 9 and releases three days later unless kept', () => {
    expect(decideReservation('2027-03-10', '2027-03-01', at('2027-03-10T07:59:00Z'), timing, 3, false)).toMatchObject({
      send: null,
      release: false,
      next: at('2027-03-10T08:00:00Z'),
    });
    const onTheDay = decideReservation('2027-03-10', '2027-03-01', at('2027-03-10T08:00:00Z'), timing, 3, false);
    expect([onTheDay.send?.kind, onTheDay.release, onTheDay.next]).toEqual([
      'handover',
      false,
      at('2027-03-13T08:00:00Z'),
    ]);
    expect(decideReservation('2027-03-10', '2027-03-01', at('2027-03-13T08:00:00Z'), timing, 3, false).release).toBe(
      true,
    );
    expect(decideReservation('2027-03-10', '2027-03-01', at('2027-03-13T08:00:00Z'), timing, 3, true)).toMatchObject({
      release: false,
      next: null,
    });
  });

  it('gives a request accepted after its first day its whole grace from the accept', () => {
    const accepted = decideReservation('2027-03-10', '2027-03-14', at('2027-03-14T10:00:00Z'), timing, 3, false);
    expect([accepted.send, accepted.release, accepted.next]).toEqual([null, false, at('2027-03-17T08:00:00Z')]);
  });
});
