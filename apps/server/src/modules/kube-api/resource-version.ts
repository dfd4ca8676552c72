/**
 * An object's resourceVersion is its `updated_at` in microseconds since the epoch: it changes
 * on every write, and turned back into a timestamp it guards a replace against lost updates.
 */
const timestamp = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(Z|[+-]\d\d(?::?\d\d)?)$/;

export function resourceVersionOf(updatedAt: string): string {
  const match = timestamp.exec(updatedAt);
  if (!match) throw new Error(`not a timestamp: ${updatedAt}`);
  const [, seconds = '', fraction = '', zone = 'Z'] = match;
  const millis = Date.parse(`${seconds}${normaliseZone(zone)}`);
  return (BigInt(millis) * 1000n + BigInt(fraction.padEnd(6, '0'))).toString();
}

/** The `updated_at` a resourceVersion stands for, or undefined when it is not one of ours. */
export function timestampOf(resourceVersion: string): string | undefined {
  if (!/^\d{1,19}$/.test(resourceVersion)) return undefined;
  const micros = BigInt(resourceVersion);
  const date = new Date(Number(micros / 1000n));
  if (Number.isNaN(date.getTime())) return undefined;
  const fraction = (micros % 1_000_000n).toString().padStart(6, '0');
  return `${date.toISOString().slice(0, 19)}.${fraction}Z`;
}

/** Kubernetes prints times to the second, in UTC. */
export function kubeTime(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${date.toISOString().slice(0, 19)}Z`;
}

function normaliseZone(zone: string): string {
  if (zone === 'Z') return zone;
  const digits = zone.slice(1).replace(':', '').padEnd(4, '0');
  return `${zone[0] ?? '+'}${digits.slice(0, 2)}:${digits.slice(2)}`;
}
