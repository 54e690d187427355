import { sql, type SQL } from 'drizzle-orm';
import type { BusyReason, Period } from '@/contract/reservations';
import { addDays } from '@/contract/schemas/lending';
import type { DbOrTx } from '../../db/client';

/**
 * One stretch of days an item is held (a row of item_holds, docs/decisions/0047)
 * with what its owner may know about it.
 */
export interface ItemHold extends Period {
  reason: BusyReason;
  requestId: string | null;
  borrowerName: string | null;
  overdue: boolean;
}

interface HoldRow extends Record<string, unknown> {
  kind: 'loan' | 'personal';
  status: 'accepted' | 'borrowed' | null;
  request_id: string | null;
  borrower_name: string | null;
  first_day: string;
  /** The first day no longer held; null for a loan without a return date. */
  end_day: string | null;
}

/**
 * The holds of an item that touch `window` or are handed out now. An item
 * handed out and past its return date is still out: such a loan is read
 * whatever the window and held through `today` (the rule the use cases and
 * the calendar share; PostgreSQL holds the agreed days only, since "today"
 * moves without a write).
 *
 * As a SQL fragment so a use case can read it inside a statement of its own
 * (json, one round trip); `itemHoldsFrom` turns the rows into holds.
 */
export function itemHoldsJson(itemId: string | SQL, window: Period | SQL): SQL {
  const windowRange = 'from' in window ? periodRange(window) : window;
  return sql`coalesce((
    SELECT json_agg(json_build_object(
             'kind', h.kind, 'status', r.status, 'request_id', r.id,
             'borrower_name', coalesce(u.name, r.borrower_name),
             'first_day', lower(h.during), 'end_day', upper(h.during))
           ORDER BY lower(h.during))
      FROM item_holds h
      LEFT JOIN lending_requests r ON r.id = h.lending_request_id
      LEFT JOIN users u ON u.id = r.requester_id
     WHERE h.item_id = ${itemId}
       AND (h.during && ${windowRange} OR r.status = 'borrowed')), '[]')`;
}

export function itemHoldsFrom(rows: readonly HoldRow[], today: string): ItemHold[] {
  return rows.map((row) => {
    const until = row.end_day === null ? null : addDays(row.end_day, -1);
    const overdue = row.status === 'borrowed' && until !== null && until < today;
    return {
      from: row.first_day,
      until: overdue ? today : until,
      reason: row.kind === 'personal' ? 'personal' : (row.status ?? 'accepted'),
      requestId: row.request_id,
      borrowerName: row.kind === 'personal' ? null : row.borrower_name,
      overdue,
    };
  });
}

export type { HoldRow };

/** A period as PostgreSQL's `daterange` (inclusive days become `[first, day after last)`). */
export function periodRange(period: Period): SQL {
  return sql`daterange(${period.from}::date, ${period.until === null ? null : addDays(period.until, 1)}::date, '[)')`;
}

/** The holds of one item touching `window`, read by themselves. */
export async function readItemHolds(db: DbOrTx, itemId: string, window: Period, today: string): Promise<ItemHold[]> {
  const { rows } = await db.execute<{ holds: HoldRow[] }>(sql`SELECT ${itemHoldsJson(itemId, window)} AS holds`);
  return itemHoldsFrom(rows[0]?.holds ?? [], today);
}
