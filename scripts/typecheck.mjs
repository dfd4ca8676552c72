// Type-checks each project in turn; they differ in lib and module resolution.
import { spawnSync } from 'node:child_process';

const projects = ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'bench'];
let failed = false;
for (const project of projects) {
  const result = spawnSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
