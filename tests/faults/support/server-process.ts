import { spawn, type ChildProcess } from 'node:child_process';
import { inject } from 'vitest';
import { serverArgs } from '../../support/server-bundle';
import { freePort } from '../../support/private-postgres';
import { waitFor } from './http';
import { ORIGIN, SHARED_SECRET } from './portal-server';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the signal that ended the process (or its exit code). */
  exited: Promise<NodeJS.Signals | number | null>;
  output(): string;
}

/**
 * The bundled server (built once per run, tests/support/server-bundle.ts) on PostgreSQL, as production starts
 * it (`npm start`); resolves once healthy. Under tsx a start took 3.4-4.4 s of a core (decisions 265, 278).
 */
export async function startServerProcess(databaseUrl: string, dataDir: string): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, serverArgs(inject('serverBundle')), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: ORIGIN,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      AUTH_SECRET: SHARED_SECRET,
      REQUIRE_EMAIL_VERIFICATION: 'false',
      // Sign-ups come from one test machine: each customer gets its own forwarded address.
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.on('exit', (code, signal) => resolve(signal ?? code)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  const healthy = async () => {
    if (gone) throw new Error('it exited');
    try {
      return (await fetch(`${url}/api/health`)).ok;
    } catch {
      return false; // not listening yet
    }
  };
  try {
    await waitFor('/api/health', healthy, 45_000, 200);
  } catch (err) {
    child.kill('SIGKILL');
    throw new Error(`the server process did not start (${(err as Error).message}):\n${output}`);
  }
  return { url, child, exited, output: () => output };
}
