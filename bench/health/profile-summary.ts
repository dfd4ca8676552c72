import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { sourceMapper } from './profile-source-map.ts';

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({
        functionName: z.string(),
        url: z.string(),
        lineNumber: z.number(),
        columnNumber: z.number(),
      }),
      children: z.array(z.number()).optional(),
    }),
  ),
  startTime: z.number(),
  endTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

/** Wall-clock bounds (ms) to keep samples in, and when the profiled process exited. */
export interface ProfileWindow {
  readonly from: number;
  readonly to: number;
  readonly exitedAt: number;
}

export interface ProfileSummary {
  readonly file: string;
  /** Sampled time that was not idle, ms. */
  readonly busyMs: number;
  readonly idleMs: number;
  /** Self time per function, highest first. */
  readonly functions: ReadonlyArray<{ readonly name: string; readonly ms: number }>;
  /** Self time per source area (a package, a server module, node internals, GC). */
  readonly areas: ReadonlyArray<{ readonly name: string; readonly ms: number }>;
  /** The server's own functions by total time (themselves and what they call). */
  readonly inclusive: ReadonlyArray<{ readonly name: string; readonly ms: number }>;
}

/**
 * Top self-time functions and areas of the main thread's .cpuprofile in `dir` (node
 * --cpu-prof writes one per thread: CPU.<date>.<time>.<pid>.<thread>.<seq>; the main is 0).
 */
export async function summariseProfile(
  dir: string,
  top: number,
  window: ProfileWindow,
): Promise<ProfileSummary> {
  const files = (await fs.readdir(dir)).filter((f) => /\.\d+\.0\.\d+\.cpuprofile$/.test(f));
  const file = files.sort()[files.length - 1];
  if (!file) throw new Error(`no main-thread .cpuprofile in ${dir}`);
  const profile = profileSchema.parse(JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')));
  const toSource = sourceMapper();
  const frames = new Map(profile.nodes.map((n) => [n.id, toSource(n.callFrame)]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node.id);
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let idleMs = 0;
  let busyMs = 0;
  // Profile times are µs on the process's own clock, which ends about when it exited.
  let at = profile.startTime;
  const wallOf = (micros: number): number => window.exitedAt - (profile.endTime - micros) / 1000;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += profile.timeDeltas[i] ?? 0;
    const wall = wallOf(at);
    if (wall < window.from || wall > window.to) return;
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
    const onStack = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parents.get(node)) {
      const caller = frames.get(node);
      if (caller?.url.includes('/apps/server/src/') && caller.functionName) {
        onStack.add(`${caller.functionName} ${shortUrl(caller.url)}`);
      }
    }
    for (const name of onStack) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  });
  const ranked = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms }));
  return {
    file,
    busyMs,
    idleMs,
    functions: ranked(byFunction),
    areas: ranked(byArea),
    inclusive: ranked(inclusive),
  };
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
