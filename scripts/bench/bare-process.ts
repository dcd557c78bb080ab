import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The bare handler (bare-server.ts) as a process of its own, for the side-by-side benches.

/** Starts scripts/bench/bare-server.ts on `port`; resolves once it listens. */
export async function startBare(databaseUrl: string, port: number, pool: number, nodeArgs: string[] = []): Promise<ChildProcess> {
  const bare = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join('scripts', 'bench', 'bare-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), POOL_MAX: String(pool) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    bare.stdout!.once('data', () => resolve());
    bare.once('exit', (code) => reject(new Error(`the bare handler exited (${code})`)));
  });
  return bare;
}

export async function stopBare(bare: ChildProcess | undefined) {
  if (!bare || bare.exitCode !== null) return;
  const exited = new Promise((resolve) => bare.once('exit', resolve));
  bare.kill('SIGTERM');
  await exited;
}
