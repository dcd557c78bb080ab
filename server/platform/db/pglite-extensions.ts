import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/**
 * Extensions every embedded database is opened with: the migrations create pg_trgm (the office's
 * search boxes, migration 016) and unaccent (accent-blind search, migration 080), and a database
 * holding their indexes needs them loaded to write them.
 */
export const pgliteExtensions = { pg_trgm, unaccent };
