import pg from 'pg';

/** The tables the write bench's turns write or update (work requests, approvals, their triggers, the mail worker). */
const WRITTEN = [
  'work_orders',
  'work_order_events',
  'office_inbox',
  'mail_outbox',
  'quotes',
  'quote_status_log',
  'quote_status_auto',
  'quote_approvals',
  'signature_events',
  'signature_seals',
  'signed_documents',
];

/**
 * What autovacuum would do between the turns, when the database server has it off (this machine's
 * PostgreSQL does, for the tests' speed; a production server does not): VACUUM the tables the turns
 * wrote, outside the timed slices. Without it the portal's mail worker, which marks every e-mail
 * claimed and then sent, leaves dead rows that every later claim steps over: 2.40 against 1.54 ms of
 * the database's CPU per work request on the same scratch server with autovacuum off and on
 * (decision 287). Undefined when autovacuum is on: it does this itself.
 */
export async function vacuumIfAutovacuumIsOff(databaseUrl: string): Promise<(() => Promise<void>) | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
    if (rows[0]?.autovacuum !== 'off') return undefined;
  } finally {
    await client.end();
  }
  return async () => {
    const vacuum = new pg.Client({ connectionString: databaseUrl });
    await vacuum.connect();
    try {
      await vacuum.query(`VACUUM ${WRITTEN.join(', ')}`);
    } finally {
      await vacuum.end();
    }
  };
}

/**
 * Writes the database's dirty pages out (CHECKPOINT) before a workload's turns, outside the timed
 * slices: otherwise what one workload wrote (the work requests' WAL) starts a checkpoint in the next
 * one's turns (seen in the eleventh session's full runs, in the approval's), and its writes slow
 * whichever side's turn it falls in. A checkpoint the workload's own writes start still counts.
 */
export async function checkpoint(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
  } finally {
    await client.end();
  }
}
