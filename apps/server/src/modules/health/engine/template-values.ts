import type { PreparedCanary } from './prepared-canary.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';

/** `canary` and the canary's `spec.env` values (secrets and config maps read now). */
export async function canaryTemplateValues(
  canary: PreparedCanary,
  resolve: ValueResolver,
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const [name, source] of Object.entries(canary.env)) values[name] = await resolve(source);
  values.canary = { name: canary.name, namespace: canary.namespace, labels: canary.labels };
  return values;
}
