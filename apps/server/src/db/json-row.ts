import { sql, type GetColumnData, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Rows of other tables carried in one column of a statement's answer, as JSON: one row
 * (`jsonRow`) or a list of them (`json_agg` over it). What lets one statement answer what took
 * several (the client's page, P3), while each value still comes back as a select of that column
 * would give it (`fromJsonRow`).
 */
export type TJsonColumns = Record<string, PgColumn>;
export type TJsonRow<C extends TJsonColumns> = { [K in keyof C]: GetColumnData<C[K]> };

/** This code's own key names, written into the statement's text: never a value from a request. */
const PLAIN_KEY = /^[a-z][A-Za-z0-9]*$/;

/** `json_build_object('key', column, …)`, one pair per entry of `columns`. */
export function jsonRow(columns: TJsonColumns): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => {
    if (!PLAIN_KEY.test(key)) throw new Error(`jsonRow: "${key}" is not a plain key`);
    return sql`${sql.raw(`'${key}'`)}, ${column}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A `jsonRow` as the driver handed it over (its JSON already parsed), mapped column by column:
 * a timestamp arrives as ISO 8601 text and becomes a Date, as in a select; JSON and JSONB
 * columns arrive parsed and are kept as they are; a missing key is null.
 */
export function fromJsonRow<C extends TJsonColumns>(columns: C, json: Record<string, unknown>): TJsonRow<C> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[key] ?? null;
    row[key] = value === null || column.dataType === 'json' ? value : column.mapFromDriverValue(value);
  }
  return row as TJsonRow<C>;
}
