import { request, type APIRequestContext } from '@playwright/test';
import { authStatePath, type E2eRole } from './fixtures.ts';

function serverUrl(): string {
  const url = process.env.VIGIL_E2E_BASE_URL;
  if (!url) throw new Error('VIGIL_E2E_BASE_URL is not set; run through e2e/playwright.config.ts');
  return url;
}

/**
 * An API client with a role's saved session, for a spec's setup and cleanup. It sends the
 * console's Origin: the server refuses cookie writes from other origins.
 */
export function roleApi(role: E2eRole = 'admin'): Promise<APIRequestContext> {
  const baseURL = serverUrl();
  return request.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
    storageState: authStatePath(role),
  });
}

/** Runs `use` with an admin API client and disposes of it afterwards. */
export async function asAdmin<T>(use: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await roleApi('admin');
  try {
    return await use(api);
  } finally {
    await api.dispose();
  }
}
