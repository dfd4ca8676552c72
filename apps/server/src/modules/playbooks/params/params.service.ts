import type { PlaybookParameter, PlaybookSpec, ResolvedParameter } from '@vigil/domain';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Queryable } from '../../../platform/db.ts';
import { badRequest } from '../../../platform/errors.ts';
import { envDelimiters, renderTemplate } from '../../health/index.ts';
import type { TargetResource } from '../targets/resource.repository.ts';
import type { ParamValue } from './parameter-kind.ts';
import { parameterKinds } from './registry.ts';

/** What a default's template sees: the chosen resource under its kind, and the caller. */
export function resourceData(resource: TargetResource | undefined): Record<string, unknown> {
  return resource ? { [resource.kind]: resource.row } : {};
}

/** Renders `{{ }}` and `$( )` templates; a text without either is returned as it is. */
export function renderBoth(
  text: string,
  data: unknown,
  functions?: ReadonlyMap<string, (...args: unknown[]) => unknown>,
): string {
  const first = renderTemplate(text, data, functions ? { functions } : {});
  return renderTemplate(first, data, {
    delimiters: envDelimiters,
    ...(functions ? { functions } : {}),
  });
}

function renderDefault(parameter: PlaybookParameter, data: Record<string, unknown>) {
  const given = parameter.default;
  if (typeof given !== 'string') return given;
  try {
    return renderBoth(given, data);
  } catch {
    return given;
  }
}

/** The spec's parameters with defaults evaluated against the resource (POST /{id}/params). */
export function resolveParameters(
  spec: PlaybookSpec,
  resource: TargetResource | undefined,
): ResolvedParameter[] {
  const data = resourceData(resource);
  return (spec.parameters ?? []).map((parameter) => {
    const value = renderDefault(parameter, data);
    return {
      name: parameter.name,
      label: parameter.label ?? parameter.name,
      type: parameter.type ?? 'text',
      required: parameter.required === true,
      ...(value === undefined ? {} : { default: value }),
      ...(parameter.description ? { description: parameter.description } : {}),
      ...(parameter.icon ? { icon: parameter.icon } : {}),
      ...(parameter.properties ? { properties: parameter.properties } : {}),
      ...(parameter.dependsOn ? { dependsOn: parameter.dependsOn } : {}),
    };
  });
}

const empty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0);

/**
 * Checks the values a run is given: required ones present ('This field is required'), each
 * by its kind; defaults fill what is absent. Refusals name `params.<name>`.
 */
export async function checkRunParams(
  db: Queryable,
  spec: PlaybookSpec,
  given: Readonly<Record<string, unknown>>,
  resource: TargetResource | undefined,
): Promise<Record<string, ParamValue>> {
  const declared = new Set((spec.parameters ?? []).map((p) => p.name));
  for (const name of Object.keys(given)) {
    if (!declared.has(name))
      throw badRequest(`params.${name}: is not a parameter of this playbook`);
  }
  const defaults = resolveParameters(spec, resource);
  const out: Record<string, ParamValue> = {};
  for (const [index, parameter] of (spec.parameters ?? []).entries()) {
    const field = `params.${parameter.name}`;
    const value = empty(given[parameter.name]) ? defaults[index]?.default : given[parameter.name];
    if (empty(value)) {
      if (parameter.required) throw badRequest(`${field}: This field is required`, field);
      continue;
    }
    const kind = parameterKinds.get(parameter.type ?? 'text');
    if (!kind) throw badRequest(`${field}: type ${parameter.type ?? ''} is not supported`, field);
    const checked = await kind.check(value, parameter, db);
    if ('error' in checked) throw badRequest(`${field}: ${checked.error}`, field);
    out[parameter.name] = checked.value;
  }
  return out;
}

const secretNames = (spec: PlaybookSpec) =>
  new Set((spec.parameters ?? []).filter((p) => p.type === 'secret').map((p) => p.name));

/** Secret parameters are stored sealed, so no read of the run shows them. */
export function sealSecrets(
  spec: PlaybookSpec,
  params: Readonly<Record<string, ParamValue>>,
  sealer: Sealer,
): Record<string, ParamValue> {
  const names = secretNames(spec);
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => [
      name,
      names.has(name) && typeof value === 'string' ? sealer.seal(value) : value,
    ]),
  );
}

/** The run's parameters with secrets opened, and the secret values to mask in output. */
export function openSecrets(
  spec: PlaybookSpec,
  params: Readonly<Record<string, unknown>>,
  sealer: Sealer,
): { params: Record<string, unknown>; secrets: string[] } {
  const names = secretNames(spec);
  const secrets: string[] = [];
  const opened = Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (!names.has(name) || typeof value !== 'string') return [name, value];
      const plain = value.startsWith('v1.') ? sealer.open(value) : value;
      secrets.push(plain);
      return [name, plain];
    }),
  );
  return { params: opened, secrets };
}
