import type { Migration } from 'kysely';
import * as portalTables from './001_portal_tables';
import * as mailOutbox from './002_mail_outbox';
import * as rowLevelSecurity from './003_row_level_security';
import * as signInFailures from './004_sign_in_failures';
import * as signInTrust from './005_sign_in_trust';

/** In order. Never edit a migration that has shipped: add the next one. */
export const migrations: Record<string, Migration> = {
  '001_portal_tables': portalTables,
  '002_mail_outbox': mailOutbox,
  '003_row_level_security': rowLevelSecurity,
  '004_sign_in_failures': signInFailures,
  '005_sign_in_trust': signInTrust,
};
