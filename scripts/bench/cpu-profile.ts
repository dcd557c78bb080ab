import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  /** Microseconds on the monotonic clock process.hrtime reads (the same in every process of the machine). */
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

/** A span of the monotonic clock in microseconds (process.hrtime.bigint() / 1000). */
export interface ProfileWindow {
  from: number;
  to: number;
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** Samples per node: all of them, or those taken inside `window` (start-up and warm-up left out). */
function hitsPerNode(profile: Profile, window: ProfileWindow | undefined): Map<number, number> {
  const hits = new Map<number, number>();
  if (!window || !profile.samples || !profile.timeDeltas) {
    for (const node of profile.nodes) if (node.hitCount) hits.set(node.id, node.hitCount);
    return hits;
  }
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas![i] ?? 0;
    if (at >= window.from && at <= window.to) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  return hits;
}

/** Where a frame lives: a package, a project file, or Node's own code. */
function place(url: string): string {
  if (!url) return '(native)';
  const inModules = url.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const [first, second] = url.slice(inModules + 'node_modules/'.length).split('/');
    return first!.startsWith('@') ? `${first}/${second}` : first!;
  }
  if (url.startsWith('node:')) return url;
  return path.relative(process.cwd(), url.replace(/^file:\/\//, ''));
}

/**
 * The top frames by self time (share of the busy time, idle left out) of the .cpuprofile files in `dir` (node --cpu-prof), as a table:
 * the flame graph's widest leaves, and the same time summed per package or file. With `window`, only
 * the samples taken in it count.
 */
export function summarizeProfile(dir: string, top: number, window?: ProfileWindow): string {
  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  let total = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const hits = hitsPerNode(profile, window);
    for (const node of profile.nodes) {
      const count = hits.get(node.id) ?? 0;
      // Waiting (for the database, for the next request) is not work: shares are of the busy time.
      if (!count || node.callFrame.functionName === '(idle)') continue;
      total += count;
      const where = place(node.callFrame.url);
      const name = `${node.callFrame.functionName || '(anonymous)'} ${where}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
      frames.set(name, (frames.get(name) ?? 0) + count);
      places.set(where, (places.get(where) ?? 0) + count);
    }
  }
  const table = (title: string, rows: Map<string, number>) =>
    [
      `| ${title} | self % |`,
      '|---|---:|',
      ...[...rows]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([name, hits]) => `| ${name} | ${((100 * hits) / total).toFixed(1)} |`),
    ].join('\n');
  return `${table('frame', frames)}\n\n${table('package or file', places)}`;
}

/** The portal's and the bare handler's profiles, self time in each workload's measured turns (and their warm-up). */
export function printProfiles(profileDir: string, bareProfileDir: string, windows: { name: string; window: ProfileWindow }[]) {
  for (const { name, window } of windows) {
    console.log(`\nCPU profile of the portal process (${profileDir}), self time in the measured ${name} turns (and their warm-up):\n`);
    console.log(summarizeProfile(profileDir, 30, window));
    console.log(`\nCPU profile of the bare handler (${bareProfileDir}), the same:\n`);
    console.log(summarizeProfile(bareProfileDir, 12, window));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(summarizeProfile(process.argv[2] ?? '.', Number(process.argv[3] ?? 25)));
