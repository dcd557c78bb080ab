import { sql, type Kysely } from 'kysely';

/**
 * Runs a block of DDL one statement at a time: both drivers use the extended protocol,
 * which takes a single statement per query. Statements end with a semicolon at the end of a line.
 */
export async function execStatements(db: Kysely<unknown>, block: string): Promise<void> {
  const statements = block
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
