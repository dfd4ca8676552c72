// Writes docs/openapi.json from the route schemas, booting the API on the test database.
import { spawnSync } from 'node:child_process';

const test = 'apps/server/test/openapi/openapi.test.ts';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', test], {
  stdio: 'inherit',
  env: { ...process.env, VIGIL_WRITE_OPENAPI: '1' },
});
process.exit(result.status ?? 1);
