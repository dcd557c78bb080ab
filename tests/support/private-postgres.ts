import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of our own (initdb in a temp directory, its own port and socket directory),
 * so a fault test can stop, kill and restart it without touching the machine's shared server or
 * any other test. Uses the Debian binaries; as root they run as the `postgres` user.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  start(): Promise<void>;
  /** fast: clean shutdown (sessions terminated); immediate: like a crash (recovery at next start). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Stops the cluster (if running) and deletes its files. */
  destroy(): Promise<void>;
}

export class PostgresBinariesMissingError extends Error {
  override name = 'PostgresBinariesMissingError';
}

/** The directory holding initdb and pg_ctl: PG_BIN_DIR, else the newest /usr/lib/postgresql/<n>/bin. */
export function findPostgresBinaries(): string {
  const candidates = process.env.PG_BIN_DIR
    ? [process.env.PG_BIN_DIR]
    : listVersions('/usr/lib/postgresql').map((v) => path.join('/usr/lib/postgresql', v, 'bin'));
  const found = candidates.find((dir) => fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new PostgresBinariesMissingError(
      `The fault tests need the PostgreSQL server binaries (initdb, pg_ctl) to run a private cluster they can restart, ` +
        `but none were found in ${candidates.join(', ') || '/usr/lib/postgresql/<version>/bin'}. ` +
        `Install them (Debian: apt-get install postgresql-15) or set PG_BIN_DIR to their directory.`,
    );
  }
  return found;
}

function listVersions(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
}

/** A TCP port nobody listens on right now, from the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

const pgCommand = (bin: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

/** Runs a PostgreSQL binary, as the postgres user when we are root (initdb refuses root). */
async function pgRun(bin: string, args: string[]): Promise<string> {
  const [file, argv] = pgCommand(bin, args);
  try {
    const { stdout } = await run(file, argv, { timeout: 60_000 });
    return stdout;
  } catch (err) {
    const e = err as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${path.basename(bin)} ${args.join(' ')} failed: ${e.stderr || e.stdout || e.message}`);
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findPostgresBinaries();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-private-pg-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (asRoot) {
    const { uid, gid } = postgresUser();
    fs.chmodSync(root, 0o755);
    fs.chownSync(root, uid, gid);
    fs.chownSync(dataDir, uid, gid);
  }
  await pgRun(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  // Its own socket directory: the shared server's /var/run/postgresql is left alone.
  fs.appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [
      `port = ${port}`,
      `listen_addresses = '127.0.0.1'`,
      `unix_socket_directories = '${root}'`,
      'fsync = off',
      'max_connections = 100',
      '',
    ].join('\n'),
  );

  const pgCtl = path.join(bin, 'pg_ctl');
  let running = false;
  const cluster: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    async start() {
      await pgRun(pgCtl, ['start', '-w', '-t', '60', '-D', dataDir, '-l', logFile]);
      running = true;
    },
    async stop(mode = 'fast') {
      await pgRun(pgCtl, ['stop', '-w', '-t', '60', '-m', mode, '-D', dataDir]);
      running = false;
    },
    async restart(mode = 'fast') {
      await cluster.stop(mode);
      await cluster.start();
    },
    async destroy() {
      if (running) await cluster.stop('immediate');
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  // A test run that ends without destroy() (an error in set-up, Ctrl-C) must not leave a server behind.
  const leftover = () => {
    if (running) {
      try {
        execFileSync(...pgCommand(pgCtl, ['stop', '-w', '-m', 'immediate', '-D', dataDir]), { stdio: 'ignore' });
      } catch (err) {
        process.stderr.write(`could not stop the private PostgreSQL in ${dataDir}: ${(err as Error).message}\n`);
      }
    }
    fs.rmSync(root, { recursive: true, force: true });
  };
  process.once('exit', leftover);
  const destroy = cluster.destroy;
  cluster.destroy = async () => {
    process.off('exit', leftover);
    await destroy();
  };
  await cluster.start();
  return cluster;
}

function postgresUser(): { uid: number; gid: number } {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) {
    throw new PostgresBinariesMissingError(
      'Running as root, the fault tests start PostgreSQL as the `postgres` user, but there is no such user.',
    );
  }
  return { uid: Number(uid), gid: Number(gid) };
}
