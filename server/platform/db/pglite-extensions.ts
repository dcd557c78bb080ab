import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Extensions every embedded database is opened with: the migrations create pg_trgm (the office's
 * customer search, migration 016), and a database holding its indexes needs it loaded to write them.
 */
export const pgliteExtensions = { pg_trgm };
