import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A row of `table` as PostgreSQL sent it for a raw statement (column names,
 * the driver's values), mapped as drizzle's own selects map it: each
 * column's `mapFromDriverValue`. For a statement drizzle cannot build, such
 * as an insert that is one CTE of several (message-writer/write-messages.ts, writeMessageAlong).
 */
export function tableRow<T extends Table>(table: T, raw: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    if (value === undefined) throw new Error(`The row lacks the column ${column.name}`);
    row[key] = value === null ? null : column.mapFromDriverValue(value);
  }
  // Every column of the table was filled above, mapped by the column itself: drizzle's select model.
  return row as InferSelectModel<T>;
}
