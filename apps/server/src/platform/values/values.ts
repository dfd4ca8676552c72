import fs from 'node:fs/promises';
import path from 'node:path';
import { CheckConfigError, type EnvVar } from './env-var.ts';
import type { ClusterValues } from './cluster-values.ts';
import type { KubernetesKeyReader } from './kubernetes-keys.ts';

export type ValueResolver = (value: EnvVar | undefined) => Promise<string | undefined>;

/**
 * Resolves canary-checker EnvVars. Secret and ConfigMap keys come from the Kubernetes API when
 * Vigil runs in a cluster, else from files laid out as Kubernetes mounts them:
 * `<secretsDir>/<name>/<key>`. A missing key is a configuration error, never an empty value.
 */
export function createValueResolver(
  secretsDir: string | undefined,
  kubernetes?: KubernetesKeyReader,
  cluster?: ClusterValues,
): ValueResolver {
  return async (value) => {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    if (value.value !== undefined) return value.value;
    const { serviceAccount, helmRef } = value.valueFrom ?? {};
    if (serviceAccount !== undefined) {
      if (!cluster) throw outsideCluster(`serviceAccount ${serviceAccount}`);
      return cluster.serviceAccountToken(serviceAccount);
    }
    if (helmRef !== undefined) {
      if (!cluster) throw outsideCluster(`helmRef ${helmRef.name}`);
      return cluster.helmValue(helmRef.name, helmRef.key);
    }
    const ref = value.valueFrom?.secretKeyRef ?? value.valueFrom?.configMapKeyRef;
    if (!ref) return undefined;
    const kind = value.valueFrom?.secretKeyRef ? 'secret' : 'configmap';
    if (kubernetes) return kubernetes(kind, ref.name, ref.key);
    if (!secretsDir) {
      throw new CheckConfigError(
        `${kind} ${ref.name}/${ref.key} cannot be read: VIGIL_SECRETS_DIR is not set`,
      );
    }
    const file = path.join(secretsDir, safeSegment(ref.name), safeSegment(ref.key));
    try {
      return (await fs.readFile(file, 'utf8')).replace(/\r?\n$/, '');
    } catch {
      throw new CheckConfigError(`${kind} ${ref.name}/${ref.key} was not found`);
    }
  };
}

function outsideCluster(field: string): CheckConfigError {
  return new CheckConfigError(
    `valueFrom.${field} cannot be read: Vigil is not running in a Kubernetes cluster`,
  );
}

/** Names and keys are single path segments: no `..`, no separators. */
function safeSegment(segment: string): string {
  if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) {
    throw new CheckConfigError(`"${segment}" is not a valid secret name or key`);
  }
  return segment;
}
