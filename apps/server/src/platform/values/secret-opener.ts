import { parseSecretSource } from '@vigil/domain';
import type { Sealer } from '../crypto.ts';
import type { ValueResolver } from './values.ts';

export type SecretOpener = (stored: string | null) => Promise<string | null>;

/**
 * A stored secret column as the process that uses it needs it: sealed static values opened,
 * `secret://name/key` and `configmap://name/key` read from the cluster's mounted files (the
 * same resolver the health checks use), anything else as written.
 */
export function createSecretOpener(sealer: Sealer, values: ValueResolver): SecretOpener {
  return async (stored) => {
    if (stored === null) return null;
    if (stored.startsWith('v1.')) return sealer.open(stored);
    const source = parseSecretSource(stored);
    if (source.mode === 'Static') return stored;
    const ref = { name: source.name, key: source.key };
    const valueFrom = source.mode === 'Secret' ? { secretKeyRef: ref } : { configMapKeyRef: ref };
    return (await values({ valueFrom })) ?? null;
  };
}
