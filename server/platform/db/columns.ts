import { sql } from 'kysely';

/** A timestamp from either driver (a Date from pg, a string inside json_agg) as ISO 8601 in UTC. */
export const isoTime = (value: Date | string): string => new Date(value).toISOString();

/**
 * The same text as isoTime, written by PostgreSQL: a timestamptz as ISO 8601 in UTC with
 * milliseconds (cut, not rounded, as Date does). Spares a list a Date parse for every timestamp.
 * ISO_TIME_FORMAT goes into raw SQL as a literal, not a parameter.
 */
export const ISO_TIME_FORMAT = sql.lit('YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
export const isoTimeText = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', ${ISO_TIME_FORMAT})`;

/** A date column as its calendar day: selected as a Date it would come back as local midnight. */
export const calendarDay = <Column extends string>(column: Column) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as(column);
