import { z } from 'zod';
import { checkTypes, compileCel, parseSchedule } from '../../health/index.ts';
import type { ComponentSpec, LookupSpec, PropertySpec, TopologySpec } from './topology-spec.ts';
import { topologySpec } from './topology-spec.ts';

export type TopologySpecResult =
  | { ok: true; spec: TopologySpec; schedule: string }
  | { ok: false; field: string; message: string };

/** How often a topology is built when its spec names no schedule. */
export const defaultTopologySchedule = '@every 5m';

/** Lookup keys answered by the topology itself rather than a check type. */
export const topologyLookupKeys: ReadonlySet<string> = new Set(['catalog']);

/**
 * Parses a Topology's `spec`; the first problem is reported with its field, e.g.
 * `spec.components[0].properties[1].type`. Every lookup's check lists must be lists of objects.
 */
export function parseTopologySpec(value: unknown): TopologySpecResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, field: 'spec', message: 'must be an object' };
  }
  const parsed = topologySpec.safeParse(value);
  if (!parsed.success) return problemAt('spec', parsed.error);
  const spec = parsed.data;
  const schedule = spec.schedule ?? defaultTopologySchedule;
  try {
    parseSchedule(schedule);
  } catch (error) {
    return {
      ok: false,
      field: 'spec.schedule',
      message: error instanceof Error ? error.message : 'is not a valid schedule',
    };
  }
  const problem =
    unsupportedProblem(spec) ??
    expressionProblem(spec, 'spec') ??
    propertiesProblem(spec.properties, 'spec.properties') ??
    componentsProblem(spec.components, 'spec.components');
  if (problem) return { ok: false, ...problem };
  return { ok: true, spec, schedule };
}

interface Problem {
  readonly field: string;
  readonly message: string;
}

function componentsProblem(list: ComponentSpec[] | undefined, at: string): Problem | undefined {
  for (const [index, component] of (list ?? []).entries()) {
    const here = `${at}[${index}]`;
    const found =
      expressionProblem(component, here) ??
      lookupProblem(component.lookup, `${here}.lookup`) ??
      propertiesProblem(component.properties, `${here}.properties`) ??
      componentsProblem(component.components, `${here}.components`) ??
      propertiesProblem(component.forEach?.properties, `${here}.forEach.properties`) ??
      componentsProblem(component.forEach?.components, `${here}.forEach.components`);
    if (found) return found;
  }
  return undefined;
}

function propertiesProblem(list: PropertySpec[] | undefined, at: string): Problem | undefined {
  for (const [index, property] of (list ?? []).entries()) {
    const found = lookupProblem(property.lookup, `${at}[${index}].lookup`);
    if (found) return found;
  }
  return undefined;
}

/** `push` needs an outbound HTTP connection per run: refused until it is built (docs/topology.md). */
function unsupportedProblem(spec: TopologySpec): Problem | undefined {
  if (spec.push && Object.keys(spec.push).length > 0) {
    return {
      field: 'spec.push',
      message:
        'is not supported: Vigil does not push topologies to another server; ' +
        'read them with GET /api/topology or run the topology on the server that shows it',
    };
  }
  if (spec.groupBy && Object.keys(spec.groupBy).length > 0 && !spec.groupBy.tag) {
    return { field: 'spec.groupBy.tag', message: 'is required (the config tag to group by)' };
  }
  return undefined;
}

const expressionKeys: ReadonlyArray<'statusExpr' | 'healthExpr'> = ['statusExpr', 'healthExpr'];

/** statusExpr and healthExpr are CEL: one that does not compile would fail on every change. */
function expressionProblem(
  owner: { statusExpr?: string | undefined; healthExpr?: string | undefined },
  at: string,
): Problem | undefined {
  for (const key of expressionKeys) {
    const source = owner[key];
    if (!source) continue;
    try {
      compileCel(source);
    } catch (error) {
      return {
        field: `${at}.${key}`,
        message: `is not valid CEL: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  return undefined;
}

const entryList = z.array(z.record(z.string(), z.unknown()));

function lookupProblem(lookup: LookupSpec | undefined, at: string): Problem | undefined {
  if (!lookup) return undefined;
  for (const [key, entries] of Object.entries(lookup)) {
    const type = checkTypes.get(key);
    if (!type && !topologyLookupKeys.has(key)) continue;
    const list = type?.single && !Array.isArray(entries) ? [entries] : entries;
    if (!entryList.safeParse(list).success) {
      return { field: `${at}.${key}`, message: 'must be a list of objects' };
    }
  }
  return undefined;
}

export function problemAt(base: string, error: z.ZodError): { ok: false } & Problem {
  const issue = error.issues[0];
  const path = (issue?.path ?? []).map((part) =>
    typeof part === 'number' ? `[${part}]` : `.${String(part)}`,
  );
  return { ok: false, field: `${base}${path.join('')}`, message: issue?.message ?? 'is invalid' };
}
