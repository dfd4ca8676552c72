import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runsOf, stageNamed, type ImagePlan } from './dockerfile.ts';

/**
 * Lays out the Dockerfile's final stage in a directory, from this checkout: what the `build`
 * stage copies out comes from the built tree (`npm run build`, as that stage runs), and the
 * `deps` stage's `npm ci --omit=dev --workspace <name>` is resolved from package-lock.json the
 * way npm places packages, then hard-linked from node_modules. A `npm ci` of its own would
 * take minutes here; what matters is which packages the bundle gets.
 */

export const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

const lockEntry = z.object({
  version: z.string().optional(),
  link: z.boolean().optional(),
  dev: z.boolean().optional(),
  optional: z.boolean().optional(),
  os: z.array(z.string()).optional(),
  cpu: z.array(z.string()).optional(),
  libc: z.array(z.string()).optional(),
  dependencies: z.record(z.string(), z.string()).optional(),
  optionalDependencies: z.record(z.string(), z.string()).optional(),
  peerDependencies: z.record(z.string(), z.string()).optional(),
  peerDependenciesMeta: z.record(z.string(), z.object({ optional: z.boolean() })).optional(),
});
type LockEntry = z.infer<typeof lockEntry>;
const lockfile = z.object({ packages: z.record(z.string(), lockEntry) });

function allowed(list: readonly string[] | undefined, value: string): boolean {
  if (!list || list.length === 0) return true;
  if (list.includes(`!${value}`)) return false;
  const only = list.filter((item) => !item.startsWith('!'));
  return only.length === 0 || only.includes(value);
}

const report = z.object({ header: z.object({ glibcVersionRuntime: z.string().optional() }) });
const libc = report.parse(process.report.getReport()).header.glibcVersionRuntime ? 'glibc' : 'musl';

/** npm installs an optional platform package only where its `os`, `cpu` and `libc` allow. */
function fitsPlatform(entry: LockEntry): boolean {
  return (
    allowed(entry.os, os.platform()) && allowed(entry.cpu, os.arch()) && allowed(entry.libc, libc)
  );
}

/** Node's lookup from a package location: its own node_modules, then each parent's. */
function resolveFrom(
  packages: Record<string, LockEntry>,
  from: string,
  name: string,
): string | undefined {
  for (let dir = from; ;) {
    const candidate = dir === '' ? `node_modules/${name}` : `${dir}/node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (dir === '') return undefined;
    const at = dir.lastIndexOf('/node_modules/');
    dir = at >= 0 ? dir.slice(0, at) : '';
  }
}

/** Lockfile locations (`node_modules/x`, `apps/server/node_modules/y`) a workspace needs at run time. */
export function productionClosure(workspace: string, lockText: string): string[] {
  const { packages } = lockfile.parse(JSON.parse(lockText));
  const found = new Set<string>();
  const visit = (location: string): void => {
    const entry = packages[location];
    if (!entry) throw new Error(`${location} is not in package-lock.json`);
    // An optional peer is used only when something else installs it: npm never adds it.
    const optionalPeers = Object.entries(entry.peerDependenciesMeta ?? {})
      .filter(([, meta]) => meta.optional)
      .map(([peer]) => peer);
    const peers = Object.keys(entry.peerDependencies ?? {}).filter(
      (peer) => !optionalPeers.includes(peer),
    );
    const required = [...Object.keys(entry.dependencies ?? {}), ...peers];
    const optional = new Set(Object.keys(entry.optionalDependencies ?? {}));
    for (const name of new Set([...required, ...optional])) {
      const target = resolveFrom(packages, location, name);
      if (!target) {
        if (optional.has(name)) continue;
        throw new Error(`${name}, needed by ${location || 'the root'}, is not in the lockfile`);
      }
      const resolved = packages[target];
      // Workspace links: the image drops them (the bundle includes @vigil/domain).
      if (!resolved || resolved.link || found.has(target)) continue;
      if (!fitsPlatform(resolved)) continue;
      found.add(target);
      visit(target);
    }
  };
  visit(workspace);
  return [...found].sort();
}

/** Hard-links a package's files (keeping symlinks as they are), but not its node_modules. */
function linkTree(source: string, destination: string, top = true): void {
  fs.mkdirSync(destination, { recursive: true });
  for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
    if (top && entry.name === 'node_modules') continue;
    const from = path.join(source, entry.name);
    const to = path.join(destination, entry.name);
    if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
    else if (entry.isDirectory()) linkTree(from, to, false);
    else fs.linkSync(from, to);
  }
}

/** The workspace that the `deps` stage installs, read from its `npm ci` line. */
export function depsWorkspace(plan: ImagePlan): { workdir: string; workspace: string } {
  const { workdir, runs } = runsOf(stageNamed(plan, 'deps'));
  const install = runs
    .map((run) => /npm ci --omit=dev --workspace (\S+)/.exec(run)?.[1])
    .find((name) => name !== undefined);
  if (!install) throw new Error('the deps stage runs no `npm ci --omit=dev --workspace <name>`');
  return { workdir, workspace: install };
}

function workspaceLocation(name: string): string {
  for (const dir of ['apps/server', 'apps/web', 'packages/domain']) {
    const manifest = z
      .object({ name: z.string() })
      .parse(JSON.parse(fs.readFileSync(path.join(repositoryRoot, dir, 'package.json'), 'utf8')));
    if (manifest.name === name) return dir;
  }
  throw new Error(`no workspace named ${name}`);
}

/** Lays out the final stage under `root` (which stands for `/`); returns the WORKDIR there. */
export function stageImage(plan: ImagePlan, root: string): string {
  const workdir = path.join(root, plan.workdir);
  if (plan.copies.length === 0) throw new Error('the final stage copies nothing');
  const deps = depsWorkspace(plan);
  const buildDir = runsOf(stageNamed(plan, 'build')).workdir;
  const closure = productionClosure(
    workspaceLocation(deps.workspace),
    fs.readFileSync(path.join(repositoryRoot, 'package-lock.json'), 'utf8'),
  );
  for (const copy of plan.copies) {
    const destination = path.resolve(workdir, copy.destination);
    if (copy.from === 'build') {
      const relative = path.relative(buildDir, copy.source);
      if (relative.startsWith('..')) throw new Error(`${copy.source} is outside ${buildDir}`);
      const source = path.join(repositoryRoot, relative);
      const into = copy.destination.endsWith('/') && fs.statSync(source).isFile();
      fs.mkdirSync(path.dirname(destination), { recursive: true });
      fs.cpSync(source, into ? path.join(destination, path.basename(source)) : destination, {
        recursive: true,
      });
    } else if (copy.from === 'deps') {
      // `<deps workdir>/<prefix>node_modules`: the closure's packages under that prefix.
      const prefix = path.relative(deps.workdir, path.dirname(copy.source));
      const under = prefix === '' ? 'node_modules/' : `${prefix}/node_modules/`;
      fs.mkdirSync(destination, { recursive: true });
      for (const location of closure.filter((l) => l.startsWith(under))) {
        linkTree(
          path.join(repositoryRoot, location),
          path.join(destination, location.slice(under.length)),
        );
      }
    } else {
      throw new Error(`COPY --from=${copy.from}: no such stage is staged here`);
    }
  }
  return workdir;
}
