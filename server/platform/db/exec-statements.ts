import { sql, type Kysely } from 'kysely';

/**
 * Splits a block of SQL into statements at each semicolon outside quotes, dollar-quoted bodies and
 * comments (both drivers use the extended protocol, which takes a single statement per query).
 * Comments are dropped.
 */
export function splitSqlStatements(text: string): string[] {
  const statements: string[] = [];
  let current = '';
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const dollar = /^\$[A-Za-z_]*\$/.exec(rest);
    if (rest.startsWith('--')) {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (dollar) {
      const end = text.indexOf(dollar[0], i + dollar[0].length);
      if (end === -1) throw new Error(`unterminated ${dollar[0]} body`);
      current += text.slice(i, end + dollar[0].length);
      i = end + dollar[0].length;
    } else if (rest[0] === "'" || rest[0] === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== rest[0]) end++;
      current += text.slice(i, end + 1);
      i = end + 1;
    } else if (rest[0] === ';') {
      if (current.trim()) statements.push(current.trim());
      current = '';
      i++;
    } else {
      current += rest[0];
      i++;
    }
  }
  if (current.trim()) statements.push(current.trim());
  return statements;
}

/** Runs a block of SQL (DDL, function bodies) one statement at a time, as splitSqlStatements cuts it. */
export async function execStatements<DB>(db: Kysely<DB>, block: string): Promise<void> {
  for (const statement of splitSqlStatements(block)) {
    await sql.raw(statement).execute(db);
  }
}
