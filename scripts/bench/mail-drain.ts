import pg from 'pg';

/** The portal's e-mails still in the outbox (the bare handler's are queued for 'infinity', never sent). */
export async function unsentMail(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <> 'infinity'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

/**
 * How long the portal's mail worker takes to send what it was behind with once the load stops (it shares
 * the process with the requests: under load it falls behind, and drains after), polled every 250 ms for
 * up to two minutes.
 */
export async function drainTime(databaseUrl: string, backlog: number): Promise<string> {
  if (backlog === 0) return 'nothing to drain';
  const started = performance.now();
  for (let left = backlog; performance.now() - started < 120_000; left = await unsentMail(databaseUrl)) {
    if (left === 0) return `all sent ${((performance.now() - started) / 1000).toFixed(1)} s later`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return `${await unsentMail(databaseUrl)} still unsent two minutes later`;
}
