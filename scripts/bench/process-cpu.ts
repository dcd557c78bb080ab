import fs from 'node:fs';
import pg from 'pg';

// What the benches read of a process's CPU time from Linux's /proc: the serving processes' own and the
// database server's (all its processes). Undefined where there is no /proc.

/**
 * A process's CPU time so far in ms (user + system, from /proc/<pid>/stat; Linux only, else undefined).
 * CPU per request is steadier than requests/s on a machine other work shares.
 */
export function cpuTime(pid: number | undefined, withEndedChildren = false): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15,
    // and the ended (waited-for) children's cutime 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    const ended = withEndedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return ((own + ended) * 1000) / CLOCK_TICKS;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined; // no /proc (not Linux)
    throw err;
  }
}
/** USER_HZ: 100 on every Linux architecture Node runs on. */
const CLOCK_TICKS = 100;

/** The parent process id of `pid`, from /proc (undefined when there is none to read). */
function parentPid(pid: number): number | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * The PostgreSQL server's main process (postmaster) when it runs on this machine: the parent of the
 * backend that answers `SELECT pg_backend_pid()`. Undefined for a server elsewhere (no such process here).
 */
export async function databaseServerPid(databaseUrl: string | undefined): Promise<number | undefined> {
  if (!databaseUrl) return undefined; // the embedded database runs inside the portal's own process
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const parent = parentPid(rows[0]!.pid);
    return parent !== undefined && parent > 1 ? parent : undefined;
  } finally {
    await client.end();
  }
}

/**
 * CPU time so far of the database server: its main process and every process it started (each
 * connection's backend, the WAL writer, autovacuum...) that is alive now. Connections are pooled on
 * both sides, so over a turn the sum is the database's work for it.
 */
export function databaseCpuTime(serverPid: number | undefined): number | undefined {
  if (serverPid === undefined || !fs.existsSync(`/proc/${serverPid}`)) return undefined;
  // A connection that ended (a pool's idle one) has its time in the main process's ended children's.
  let total = cpuTime(serverPid, true) ?? 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (parentPid(pid) === serverPid) total += cpuTime(pid) ?? 0;
  }
  return total;
}
