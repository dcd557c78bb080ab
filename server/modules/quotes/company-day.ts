import { sql } from 'kysely';

/**
 * The company's calendar: a quote is valid through its valid-until day in the company's time zone
 * (office-spec section 4 names COMPANY_TIMEZONE, default America/Chicago; until that setting is in
 * the configuration, quotes use its default here, in this one place).
 */
export const COMPANY_TIME_ZONE = 'America/Chicago';

/** Today's date in the company's time zone, as a SQL date expression. */
export const companyToday = () => sql<string>`(now() AT TIME ZONE ${COMPANY_TIME_ZONE})::date`;

/** Today in the company's time zone, YYYY-MM-DD, from the database clock (the same clock as every condition). */
export const companyTodayText = () => sql<string>`to_char((now() AT TIME ZONE ${COMPANY_TIME_ZONE})::date, 'YYYY-MM-DD')`;

/** A date column as YYYY-MM-DD (a Date from the driver would be local midnight). */
export const dayText = (column: string) => sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
