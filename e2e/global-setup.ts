import fs from 'node:fs/promises';
import { responsesPath } from './fixtures.ts';
import { secretsPath } from './secrets.ts';
import { startVigil } from './server.ts';

/** One server for the run; tests read its address from VIGIL_E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // What one run records for the security test starts empty.
  for (const file of [responsesPath, secretsPath]) await fs.rm(file, { force: true });
  const server = await startVigil();
  process.env.VIGIL_E2E_BASE_URL = server.baseUrl;
  return () => server.stop();
}
