import type { DataApiHandle } from '../data-api/helpers.ts';
import { rowsOf } from '../data-api/helpers.ts';

/** A canary spec of two http checks (one labelled) and a tcp check, on a 30 s schedule. */
export const webCanarySpec = {
  schedule: '@every 30s',
  http: [
    { name: 'homepage', url: 'https://example.com', responseCodes: [200] },
    { name: 'api', url: 'https://api.example.com/health', labels: { team: 'sre' } },
  ],
  tcp: [{ name: 'db port', endpoint: 'db.internal:5432' }],
};

/** Creates a canary through the data API as an editor; answers its id. */
export async function createCanary(api: DataApiHandle, body: Record<string, unknown>) {
  const created = await api.request('canaries?select=id', {
    method: 'POST',
    role: 'editor',
    headers: { prefer: 'return=representation' },
    body,
  });
  if (created.status !== 201) throw new Error(`canary not created: ${created.status}`);
  return String(rowsOf(created.json)[0]?.id);
}
