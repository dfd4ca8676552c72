import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({
        functionName: z.string(),
        url: z.string(),
        lineNumber: z.number(),
      }),
    }),
  ),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

export interface ProfileSummary {
  readonly file: string;
  /** Sampled time that was not idle, ms. */
  readonly busyMs: number;
  readonly idleMs: number;
  /** Self time per function, highest first. */
  readonly functions: ReadonlyArray<{ readonly name: string; readonly ms: number }>;
  /** Self time per source area (a package, a server module, node internals, GC). */
  readonly areas: ReadonlyArray<{ readonly name: string; readonly ms: number }>;
}

/** Top self-time functions and areas of the newest .cpuprofile in `dir` (node --cpu-prof). */
export async function summariseProfile(dir: string, top: number): Promise<ProfileSummary> {
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.cpuprofile')).sort();
  const file = files[files.length - 1];
  if (!file) throw new Error(`no .cpuprofile in ${dir}`);
  const profile = profileSchema.parse(JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')));
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const frame = frames.get(id);
    if (!frame || frame.functionName === '(idle)') {
      idleMs += ms;
      return;
    }
    busyMs += ms;
    const where = frame.url ? `${shortUrl(frame.url)}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    const area = areaOf(frame.url, frame.functionName);
    byArea.set(area, (byArea.get(area) ?? 0) + ms);
  });
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms }));
  return { file, busyMs, idleMs, functions: ranked(byFunction), areas: ranked(byArea) };
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const src = url.indexOf('/apps/server/src/');
  if (src >= 0) return url.slice(src + '/apps/server/src/'.length);
  return url.replace(/^file:\/\//, '');
}

/** node_modules/<package>, the server's module folder, node internals, or V8's own entries. */
function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(
    url.slice(url.lastIndexOf('node_modules/')),
  );
  if (modules?.[1]) return `npm ${modules[1]}`;
  const server = /\/apps\/server\/src\/((?:modules\/[^/]+\/[^/]+)|[^/]+)/.exec(url);
  if (server?.[1]) return `server ${server[1].replace(/\.ts$/, '')}`;
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/').slice(0, 2).join('/')}`;
  return url;
}
