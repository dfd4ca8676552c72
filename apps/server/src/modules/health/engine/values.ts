import fs from 'node:fs/promises';
import path from 'node:path';
import { CheckConfigError, type EnvVar } from '../check-types/check-type.ts';

export type ValueResolver = (value: EnvVar | undefined) => Promise<string | undefined>;

/**
 * Resolves canary-checker EnvVars. Secret and ConfigMap keys are read from files laid out as
 * Kubernetes mounts them: `<secretsDir>/<name>/<key>`. A missing file is a configuration
 * error of the check, never an empty value.
 */
export function createValueResolver(secretsDir: string | undefined): ValueResolver {
  return async (value) => {
    if (value === undefined) return undefined;
    if (typeof value === 'string') return value;
    if (value.value !== undefined) return value.value;
    const ref = value.valueFrom?.secretKeyRef ?? value.valueFrom?.configMapKeyRef;
    if (!ref) return undefined;
    const kind = value.valueFrom?.secretKeyRef ? 'secret' : 'configmap';
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

/** Names and keys are single path segments: no `..`, no separators. */
function safeSegment(segment: string): string {
  if (segment === '.' || segment === '..' || /[/\\\0]/.test(segment)) {
    throw new CheckConfigError(`"${segment}" is not a valid secret name or key`);
  }
  return segment;
}
