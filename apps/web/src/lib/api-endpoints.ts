const apiBases = {
  root: '/api',
  db: '/api/db',
  canary: '/api/canary',
  config: '/api/config',
  catalog: '/api/catalog',
  snapshot: '/api/snapshot',
  agent: '/api/agent',
  logs: '/api/logs',
  apm: '/api/apm/search',
  auth: '/api/auth',
  playbook: '/api/playbook',
  rbac: '/api/rbac',
  properties: '/api/properties',
} as const;

export type ApiName = keyof typeof apiBases;

function isApiName(name: string): name is ApiName {
  return Object.hasOwn(apiBases, name);
}

/** Base path of a named API; names come from callers, so an unknown one fails loudly. */
export function apiBase(name: string): string {
  if (!isApiName(name)) throw new Error('Invalid api endpoint');
  return apiBases[name];
}
