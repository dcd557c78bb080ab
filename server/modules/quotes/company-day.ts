import { sql } from 'kysely';

/**
 * The company's calendar: a quote is valid through its valid-until day in the company's time zone
 * (COMPANY_TIMEZONE, config.company.timeZone), judged by the database clock, the same clock as every
 * condition on it.
 */
export const companyToday = (timeZone: string) => sql<string>`(now() AT TIME ZONE ${timeZone})::date`;

/** Today in the company's time zone, YYYY-MM-DD. */
export const companyTodayText = (timeZone: string) => sql<string>`to_char((now() AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD')`;

/** A date column as YYYY-MM-DD (a Date from the driver would be local midnight). */
export const dayText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
