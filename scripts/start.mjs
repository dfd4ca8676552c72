// `npm start`: install if needed, build the web app if needed, then run `vigil serve`.
import { spawn } from 'node:child_process';
import {
  ensureDependencies,
  ensureServerBuild,
  ensureWebBuild,
  root,
  serverMain,
} from './lib/prepare.mjs';

ensureDependencies();
ensureWebBuild();
ensureServerBuild();

const server = spawn(
  process.execPath,
  [
    // The same flags as serverNodeFlags in apps/server/src/platform/heap.ts.
    '--max-semi-space-size=4',
    '--no-parallel-scavenge',
    serverMain,
    'serve',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
// A terminal's Ctrl-C reaches the server too; it drains and exits, and we follow it.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
