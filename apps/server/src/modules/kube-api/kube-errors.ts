import { ApiError, DomainError } from '../../platform/errors.ts';
import { httpStatusOf } from '../../platform/http/error-handler.ts';
import type { Actor } from '../../platform/http/actor.ts';
import { qualifiedPlural, type KubeKind } from './kinds/kube-kind.ts';
import { KubeError, toKubeError } from './status.ts';

export interface Attempt {
  readonly actor: Actor;
  readonly kind: KubeKind;
  readonly verb: string;
  readonly namespace?: string | undefined;
  readonly name?: string | undefined;
}

/** A data API refusal in the words a Kubernetes API server would use for the same request. */
export function refusal(error: unknown, attempt: Attempt): KubeError {
  if (!(error instanceof ApiError || error instanceof DomainError)) return toKubeError(error);
  const status = httpStatusOf(error);
  const { kind, name } = attempt;
  const details = { ...(name ? { name } : {}), group: kind.group, kind: kind.plural };
  if (status === 401) return new KubeError(401, 'Unauthorized', 'Unauthorized');
  if (status === 403) {
    const where = attempt.namespace
      ? ` in the namespace "${attempt.namespace}"`
      : ' at the cluster scope';
    const what = name ? `${qualifiedPlural(kind)} "${name}"` : qualifiedPlural(kind);
    return new KubeError(
      403,
      'Forbidden',
      `${what} is forbidden: User "${attempt.actor.id ?? 'anonymous'}" cannot ${attempt.verb} resource "${kind.plural}" in API group "${kind.group}"${where}`,
      details,
    );
  }
  if (error.code === '23505') {
    return new KubeError(
      409,
      'AlreadyExists',
      `${qualifiedPlural(kind)} "${name ?? ''}" already exists`,
      details,
    );
  }
  if (status === 400) return new KubeError(400, 'BadRequest', error.message, details);
  return toKubeError(error);
}

export function notFoundError(kind: KubeKind, name: string): KubeError {
  return new KubeError(404, 'NotFound', `${qualifiedPlural(kind)} "${name}" not found`, {
    name,
    group: kind.group,
    kind: kind.plural,
  });
}

export function conflictError(kind: KubeKind, name: string): KubeError {
  return new KubeError(
    409,
    'Conflict',
    `Operation cannot be fulfilled on ${qualifiedPlural(kind)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
    { name, group: kind.group, kind: kind.plural },
  );
}
