import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';

/**
 * Times a start: from spawning a command (by default `npm start`) to the first 200 of /api/health and
 * of /login, polled every 20 ms. Then stops the command's process group (SIGTERM) and waits for it.
 * Runs each given command `--runs` times, alternating (old, new, old, new...), so two variants are
 * compared at the same load; prints every run and the medians, with the load average, and the CPU
 * time the command's processes had used when /api/health first answered (user + system, children
 * that ended included; from /proc): on a shared machine the wall time follows the load, the CPU
 * time much less.
 *
 *   node --import tsx scripts/start/measure-start.ts --runs 5 --port 3987 \
 *     --command 'npm start' --command 'sh -c "node dist-old/server/main.js"'
 *
 * The commands inherit the environment, with PORT set (and APP_URL following it); DATA_DIR is left as
 * it is (the default data dir unless set), so a start that is not the first opens an existing database.
 */
const { values } = parseArgs({
  options: {
    command: { type: 'string', multiple: true },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: '3987' },
    timeout: { type: 'string', default: '180' },
    // Print the command's output lines matching this (e.g. 'listening' for the server's start line).
    grep: { type: 'string' },
  },
});
const commands = values.command?.length ? values.command : ['npm start'];
const runs = Number(values.runs);
const port = Number(values.port);
const timeoutMs = Number(values.timeout) * 1000;

/** A new connection each time (no keep-alive): a pooled socket could reach the previous run's server. */
function answers(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    // Answered once the status line arrives; the body is read and dropped.
    // APP_URL's host (pages on another host are redirected to it), reached at 127.0.0.1 where it listens.
    const req = http.get(url, { agent: false, timeout: 2_000, headers: { host: `localhost:${port}` } }, (res) => {
      resolve(res.statusCode === 200);
      res.resume();
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', () => resolve(false));
    req.on('close', () => resolve(false)); // a no-op once answered
  });
}

/** True while any process of the group is alive (npm's server child may outlive npm). */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function firstAnswer(url: string, started: number, stop: () => boolean): Promise<number | undefined> {
  while (!stop()) {
    if (await answers(url)) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

/** CPU milliseconds used so far by the processes of a group and by their ended children (Linux /proc). */
function groupCpuMs(pgid: number): number {
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // After the command name (in parentheses, which may hold spaces): state, ppid, pgrp, ... utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  }
  return ticks * 10; // USER_HZ is 100 on Linux
}

async function measure(command: string) {
  const started = Date.now();
  const child = spawn(command, {
    shell: true,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), APP_URL: `http://localhost:${port}` },
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const give = () => exited || Date.now() - started > timeoutMs;
  let cpu: number | undefined;
  const [health, login] = await Promise.all([
    firstAnswer(`http://127.0.0.1:${port}/api/health`, started, give).then((ms) => {
      if (ms !== undefined) cpu = groupCpuMs(child.pid!);
      return ms;
    }),
    firstAnswer(`http://127.0.0.1:${port}/login`, started, give),
  ]);
  if (!exited) process.kill(-child.pid!, 'SIGTERM');
  await exit;
  // Until the server has closed its database and let go of the data directory's lock.
  while (groupAlive(child.pid!)) await new Promise((r) => setTimeout(r, 100));
  if (health === undefined || login === undefined) process.stderr.write(`no answer from ${command}:\n${output}\n`);
  if (values.grep) for (const line of output.split('\n').filter((l) => l.match(values.grep!))) console.log(`  ${line}`);
  return { health, login, cpu };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
};
const fmt = (ms: number | undefined) => (ms === undefined ? 'none' : `${(ms / 1000).toFixed(2)} s`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const results = new Map<string, { health: number[]; login: number[]; cpu: number[] }>(
  commands.map((c) => [c, { health: [], login: [], cpu: [] }]),
);
for (let run = 1; run <= runs; run++) {
  for (const command of commands) {
    const before = load();
    const { health, login, cpu } = await measure(command);
    const r = results.get(command)!;
    if (health !== undefined) r.health.push(health);
    if (login !== undefined) r.login.push(login);
    if (cpu !== undefined) r.cpu.push(cpu);
    console.log(`run ${run} [${command}]: /api/health ${fmt(health)}, /login ${fmt(login)}, CPU ${fmt(cpu)} (load ${before})`);
  }
}
for (const [command, r] of results) {
  console.log(
    `median [${command}]: /api/health ${fmt(median(r.health))}, /login ${fmt(median(r.login))}, CPU ${fmt(median(r.cpu))} (${r.health.length} runs)`,
  );
}
