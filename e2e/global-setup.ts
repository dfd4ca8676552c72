import { startVigil } from './server.ts';

/** One server for the run; tests read its address from VIGIL_E2E_BASE_URL. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startVigil();
  process.env.VIGIL_E2E_BASE_URL = server.baseUrl;
  return () => server.stop();
}
