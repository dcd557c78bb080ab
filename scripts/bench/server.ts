import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export interface BenchServer {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The portal as production runs it (`npm start`: compiled first, then plain node), in its own process. `nodeArgs` go to node before the script
 * (e.g. --cpu-prof for a profile written when the server stops).
 */
export async function startServer(env: Record<string, string>, port: number, nodeArgs: string[] = []): Promise<BenchServer> {
  const compiled = spawnSync(process.execPath, ['--import', 'tsx', path.join('scripts', 'build-server.ts')], { stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error('the server did not compile');
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', path.join('dist', 'server', 'main.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${stderr}`);
    if (Date.now() > until) throw new Error(`the server did not answer /api/health within 60 s:\n${stderr}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      // Errors only: the expected start-up warnings (Google sign-in not configured) are not news here.
      const errors = stderr.split('\n').filter((line) => line.trim() && !line.includes('"level":"warn"'));
      if (errors.length) process.stderr.write(`server errors:\n${errors.slice(0, 20).join('\n')}\n`);
    },
  };
}
