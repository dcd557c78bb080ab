import { describe, expect, it } from 'vitest';
import { splitSqlStatements } from './exec-statements';
import { readSqlFile, sqlFiles } from './sql-files';

describe('splitSqlStatements', () => {
  it('splits at semicolons outside bodies, strings and comments, and drops the comments', () => {
    const text = `-- a comment; with a semicolon
CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RETURN 1; -- inside the body
END
$$;
SELECT ';' AS "a;b"; -- trailing
GRANT SELECT ON t TO r`;
    expect(splitSqlStatements(text)).toEqual([
      'CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n  RETURN 1; -- inside the body\nEND\n$$',
      `SELECT ';' AS "a;b"`,
      'GRANT SELECT ON t TO r',
    ]);
  });

  it('reads every file of sql/ into statements that each start with a command', () => {
    for (const file of sqlFiles) {
      const statements = splitSqlStatements(readSqlFile(file));
      expect(statements.length, file).toBeGreaterThan(0);
      for (const statement of statements) expect(statement, file).toMatch(/^(CREATE|DROP|ALTER|GRANT|REVOKE) /);
    }
  });
});
