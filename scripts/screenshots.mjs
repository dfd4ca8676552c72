// `npm run screenshots`: every screen at 1440 px (and 1024 px) in both themes, from the e2e
// fixtures, written to e2e/.artifacts/screenshots/ (git-ignored).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'e2e', '.artifacts', 'screenshots');
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
const run = spawnSync(process.execPath, ['scripts/e2e.mjs', 'tests/layout.spec.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, VIGIL_SCREENSHOTS: dir },
});
if (run.status === 0) process.stdout.write(`Screenshots in ${path.relative(root, dir)}/\n`);
process.exit(run.status ?? 1);
