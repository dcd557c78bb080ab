/**
 * A test database handed back by a test file, emptied and handed to the next file of the same worker:
 * on the embedded database instead of a new PGlite started from the template (2-3 s of a core each: its
 * WebAssembly instance, the template unpacked, PostgreSQL's start; emptying takes 0.1-0.3 s), on
 * PostgreSQL instead of a new copy of the template database and its drop. Decision 251.
 *
 * Emptied means as the template left it: every table's rows deleted (the few rows the migrations put in
 * put back), every sequence restarted, the session's settings, locks and listeners gone. An instance whose
 * schema, functions, triggers, policies, grants, roles or planner statistics differ from the template's
 * (a test that altered a table, disabled a trigger, created a role, ran ANALYZE) is closed, not reused.
 */

/** Tables the migrator owns: never emptied. */
const MIGRATOR_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** What a reused instance must share with the template, read from the catalog. */
const FINGERPRINT = `
  SELECT md5(string_agg(part, E'\\n' ORDER BY part)) AS fingerprint FROM (
    SELECT format('class %s.%s %s %s', n.nspname, c.relname, c.relkind, c.relacl) AS part
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%'
    UNION ALL SELECT format('column %s.%s %s %s %s', a.attrelid::regclass, a.attname, a.atttypid, a.attnotnull, a.attisdropped)
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND a.attnum > 0
    UNION ALL SELECT format('default %s %s', d.adrelid::regclass, pg_get_expr(d.adbin, d.adrelid)) FROM pg_attrdef d
    UNION ALL SELECT format('constraint %s %s', c.conname, pg_get_constraintdef(c.oid))
      FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace WHERE n.nspname = 'public'
    UNION ALL SELECT format('function %s %s %s %s', p.oid::regprocedure, md5(p.prosrc), p.proconfig, p.prosecdef)
      FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname NOT IN ('pg_catalog', 'information_schema')
    UNION ALL SELECT format('trigger %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled) FROM pg_trigger t WHERE NOT t.tgisinternal
    UNION ALL SELECT format('policy %s %s %s', p.polrelid::regclass, p.polname, pg_get_expr(p.polqual, p.polrelid)) FROM pg_policy p
    UNION ALL SELECT format('rls %s %s %s', c.oid::regclass, c.relrowsecurity, c.relforcerowsecurity)
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'
    UNION ALL SELECT format('role %s %s %s %s', r.rolname, r.rolsuper, r.rolbypassrls, r.rolcanlogin) FROM pg_roles r
    UNION ALL SELECT format('member %s %s', m.roleid::regrole, m.member::regrole) FROM pg_auth_members m
    UNION ALL SELECT format('role setting %s %s', s.setrole, s.setconfig) FROM pg_db_role_setting s
      WHERE s.setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
    UNION ALL SELECT format('namespace %s %s', n.nspname, n.nspacl) FROM pg_namespace n
    UNION ALL SELECT format('statistics %s', count(*)) FROM pg_statistic s JOIN pg_class c ON c.oid = s.starelid
      JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public'
    UNION ALL SELECT format('extension %s %s', e.extname, e.extversion) FROM pg_extension e
  ) parts`;

/** One connection's statements: PGlite's client, or a pg client on PostgreSQL. */
export interface Session {
  query<R>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

export interface Template {
  fingerprint: string;
  tables: string[];
  /** The rows the migrations left (a table name and its rows as JSON), put back after emptying. */
  seeded: { table: string; rows: string }[];
  sequences: string[];
}

/** Reads what emptying must restore, on a database fresh from the template (before any test touched it). */
export async function readTemplate(client: Session): Promise<Template> {
  const tables = (
    await client.query<{ name: string }>(
      `SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
        WHERE schemaname = 'public' AND relname <> ALL ($1) ORDER BY 1`,
      [MIGRATOR_TABLES],
    )
  ).rows.map((r) => r.name);
  const seeded: Template['seeded'] = [];
  for (const table of tables) {
    const { rows } = await client.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${table} t`);
    if (rows[0]?.rows) seeded.push({ table, rows: rows[0].rows });
  }
  const sequences = (
    await client.query<{ name: string }>(`SELECT format('%I.%I', schemaname, sequencename) AS name FROM pg_sequences ORDER BY 1`)
  ).rows.map((r) => r.name);
  return { fingerprint: await fingerprint(client), tables, seeded, sequences };
}

async function fingerprint(client: Session): Promise<string> {
  return (await client.query<{ fingerprint: string }>(FINGERPRINT)).rows[0]!.fingerprint;
}

/**
 * Empties an instance a test file has finished with; true when it is as the template left it and can
 * serve the next file, false when it must be closed instead.
 */
export async function emptyForReuse(client: Session, template: Template): Promise<boolean> {
  try {
    // A transaction a failed test left open would make every statement below fail: it is not reused then.
    await client.query('DISCARD ALL');
    // Without triggers: the audit log and the signature events refuse TRUNCATE, as they must in the product.
    await client.query('SET session_replication_role = replica');
    await client.query(`TRUNCATE ${template.tables.join(', ')} RESTART IDENTITY CASCADE`);
    for (const { table, rows } of template.seeded) {
      await client.query(`INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`, [rows]);
    }
    for (const sequence of template.sequences) await client.query(`ALTER SEQUENCE ${sequence} RESTART`);
    await client.query('RESET session_replication_role');
    return (await fingerprint(client)) === template.fingerprint;
  } catch {
    // Not reusable (a transaction left open, a table dropped): the caller closes it and the next file
    // starts from the template, as every file did before.
    return false;
  }
}
