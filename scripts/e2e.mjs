// `npm run test:e2e -- [playwright args]`: the end-to-end suite alone, or the spec files given
// (e.g. `npm run test:e2e -- tests/health.spec.ts`), after the same preparation as `npm test`.
import { spawnSync } from 'node:child_process';
import { findChromium } from './lib/chromium.mjs';
import { ensureDependencies, ensureServerBuild, ensureWebBuild, root } from './lib/prepare.mjs';

ensureDependencies();
ensureWebBuild();
ensureServerBuild();
const chromium = findChromium();
if (!chromium) {
  process.stderr.write('No Chromium found: install it with `apt-get install -y chromium`.\n');
  process.exit(1);
}
const run = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', CHROMIUM_PATH: chromium },
  },
);
process.exit(run.status ?? 1);
