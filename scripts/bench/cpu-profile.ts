import fs from 'node:fs';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
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
 * the flame graph's widest leaves, and the same time summed per package or file.
 */
export function summarizeProfile(dir: string, top: number): string {
  const frames = new Map<string, number>();
  const places = new Map<string, number>();
  let total = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { nodes: ProfileNode[] };
    for (const node of profile.nodes) {
      const hits = node.hitCount ?? 0;
      // Waiting (for the database, for the next request) is not work: shares are of the busy time.
      if (!hits || node.callFrame.functionName === '(idle)') continue;
      total += hits;
      const where = place(node.callFrame.url);
      const name = `${node.callFrame.functionName || '(anonymous)'} ${where}${node.callFrame.url ? `:${node.callFrame.lineNumber + 1}` : ''}`;
      frames.set(name, (frames.get(name) ?? 0) + hits);
      places.set(where, (places.get(where) ?? 0) + hits);
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

if (import.meta.url === `file://${process.argv[1]}`) console.log(summarizeProfile(process.argv[2] ?? '.', Number(process.argv[3] ?? 25)));
