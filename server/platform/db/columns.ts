import { sql } from 'kysely';

/** A timestamp from either driver (a Date from pg, a string inside json_agg) as ISO 8601 in UTC. */
export const isoTime = (value: Date | string): string => new Date(value).toISOString();

/** A date column as its calendar day: selected as a Date it would come back as local midnight. */
export const calendarDay = <Column extends string>(column: Column) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`.as(column);
