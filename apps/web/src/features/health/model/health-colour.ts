export type HealthColour = 'red' | 'grey' | 'orange' | 'green';
export type GroupHealth = 'good' | 'mixed' | 'bad';

const red = new Set(['degraded', 'missing', 'unhealthy']);
const grey = new Set(['unknown', 'suspended']);
const orange = new Set(['warning', 'warn', 'mixed']);

/** Spec §4: red for degraded/missing/unhealthy, grey for unknown/suspended, orange for warning/warn/mixed, else green. */
export function healthColour(status: string | null | undefined): HealthColour {
  const key = (status ?? 'unknown').toLowerCase();
  if (red.has(key)) return 'red';
  if (grey.has(key)) return 'grey';
  if (orange.has(key)) return 'orange';
  return 'green';
}

export function isHealthy(status: string | null | undefined): boolean {
  return (status ?? '').toLowerCase() === 'healthy';
}

/** Group aggregate: good if all members are healthy, mixed if some are, otherwise bad. */
export function groupHealth(statuses: readonly (string | null | undefined)[]): GroupHealth {
  const healthy = statuses.filter(isHealthy).length;
  if (statuses.length > 0 && healthy === statuses.length) return 'good';
  return healthy > 0 ? 'mixed' : 'bad';
}

export function groupHealthColour(health: GroupHealth): HealthColour {
  if (health === 'good') return 'green';
  return health === 'mixed' ? 'orange' : 'red';
}
