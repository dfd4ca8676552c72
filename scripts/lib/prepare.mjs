// Shared by `npm start`, `npm test` and the vigil bin: install dependencies and build the web app
// and the server bundle when their sources are newer than the build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write(`${command} ${args.join(' ')} failed\n`);
    process.exit(result.status ?? 1);
  }
}

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

function newestUnder(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestUnder(full) : mtime(full));
  }
  return newest;
}

export function ensureDependencies() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  if (mtime(installed) >= mtime(path.join(root, 'package-lock.json'))) return;
  process.stdout.write('Installing dependencies (npm ci)…\n');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

export function ensureWebBuild() {
  const web = path.join(root, 'apps', 'web');
  const built = mtime(path.join(web, 'dist', 'index.html'));
  const sources = Math.max(
    newestUnder(path.join(web, 'src')),
    newestUnder(path.join(root, 'packages', 'domain', 'src')),
    mtime(path.join(web, 'index.html')),
    mtime(path.join(web, 'vite.config.ts')),
  );
  if (built >= sources) return;
  process.stdout.write('Building the web app…\n');
  run('npm', ['run', 'build', '--workspace', 'apps/web']);
}

/** The server bundle that `vigil` runs (scripts/build-server.mjs), rebuilt when a source is newer. */
export const serverMain = path.join(root, 'apps', 'server', 'dist', 'main.js');

export function ensureServerBuild() {
  const server = path.join(root, 'apps', 'server');
  const sources = Math.max(
    newestUnder(path.join(server, 'src')),
    newestUnder(path.join(root, 'packages', 'domain', 'src')),
    mtime(path.join(server, 'package.json')),
    mtime(path.join(root, 'scripts', 'build-server.mjs')),
  );
  if (mtime(serverMain) >= sources) return;
  run(process.execPath, [path.join(root, 'scripts', 'build-server.mjs')]);
}
