import type { ConfigQuery, ResourceSelector } from '../spec/selectors.ts';
import type { ComponentSpec, PropertySpec } from '../spec/topology-spec.ts';

/** A property as stored in `components.properties` (spec 001 §3 Component property). */
export interface BuiltProperty {
  name: string;
  label?: string;
  type?: string;
  text?: string;
  value?: number;
  max?: number;
  min?: number;
  unit?: string;
  headline?: boolean;
  icon?: string;
  color?: string;
  tooltip?: string;
  order?: number;
  hidden?: boolean;
  status?: string;
  links?: Array<Record<string, unknown>>;
}

export interface InlineCheck {
  readonly spec: Record<string, unknown>;
  readonly at: string;
}

export type Health = 'healthy' | 'unhealthy' | 'warning' | 'unknown';

/** One component as a run built it, before it is written. */
export interface BuiltComponent {
  name: string;
  type: string | undefined;
  namespace: string | undefined;
  icon: string | undefined;
  text: string | undefined;
  tooltip: string | undefined;
  description: string | undefined;
  owner: string | undefined;
  /** Team names that own the component: `owner` and `teams`. */
  teams: string[];
  lifecycle: string | undefined;
  externalId: string | undefined;
  labels: Record<string, string>;
  hidden: boolean;
  health: Health | undefined;
  /** CEL deciding the status from the summary (`statusExpr`, `healthExpr`). */
  statusExpr: string | undefined;
  healthExpr: string | undefined;
  statusReason: string | undefined;
  properties: BuiltProperty[];
  selectors: ResourceSelector[];
  checkSelectors: ResourceSelector[];
  /** `checks[].inline` canary specs, with where each was declared (for messages). */
  inline: InlineCheck[];
  configs: ConfigQuery[];
  logs: Array<Record<string, unknown>>;
  parentLookup: ComponentSpec['parentLookup'];
  children: BuiltComponent[];
}

const healths: readonly string[] = ['healthy', 'unhealthy', 'warning', 'unknown'];
const isHealth = (value: string): value is Health => healths.includes(value);

function healthOf(spec: ComponentSpec): Health | undefined {
  const given = spec.health ?? spec.status;
  if (given === undefined) return undefined;
  const lowered = given.toLowerCase();
  return isHealth(lowered) ? lowered : 'unknown';
}

/** Fields of a property spec that say how to find it, not what it is. */
const notStored = new Set(['lookup', 'configLookup', 'summary', 'lastTransition']);

/** A property written without a lookup, as stored. */
export function staticProperty(spec: PropertySpec): BuiltProperty {
  const property: BuiltProperty = { name: spec.name ?? spec.label ?? '' };
  for (const [key, value] of Object.entries(spec)) {
    if (value !== undefined && !notStored.has(key)) Object.assign(property, { [key]: value });
  }
  return property;
}

/** The component a spec (or a lookup's answer) declares, without its children or lookups. */
export function fromSpec(spec: ComponentSpec): BuiltComponent {
  return {
    name: spec.name ?? '',
    type: spec.type,
    namespace: spec.namespace,
    icon: spec.icon,
    text: spec.text,
    tooltip: spec.tooltip,
    description: spec.description,
    owner: spec.owner,
    teams: [...new Set([...(spec.owner ? [spec.owner] : []), ...(spec.teams ?? [])])],
    lifecycle: spec.lifecycle,
    externalId: spec.externalID,
    labels: { ...(spec.labels ?? {}) },
    hidden: spec.hidden === true,
    health: healthOf(spec),
    statusExpr: spec.statusExpr || undefined,
    healthExpr: spec.healthExpr || undefined,
    statusReason: spec.status_reason,
    properties: (spec.properties ?? [])
      .filter((property) => !property.lookup && !property.configLookup)
      .map(staticProperty),
    selectors: [...(spec.selectors ?? [])],
    checkSelectors: (spec.checks ?? []).flatMap((check) =>
      check.selector ? [check.selector] : [],
    ),
    inline: inlineChecksOf(spec.checks, spec.name ?? ''),
    configs: [...(spec.configs ?? [])],
    logs: [...(spec.logs ?? [])],
    parentLookup: spec.parentLookup,
    children: [],
  };
}

/** What templates and `display` expressions see of a component (canary-checker's env). */
export function componentEnv(component: BuiltComponent): Record<string, unknown> {
  const properties = Object.fromEntries(
    component.properties.map((property) => [property.name, property.text ?? property.value]),
  );
  return {
    name: component.name,
    type: component.type ?? '',
    namespace: component.namespace ?? '',
    labels: component.labels,
    external_id: component.externalId ?? '',
    properties,
  };
}

/** The inline canaries of a `checks` list, each with where it was declared. */
export function inlineChecksOf(checks: ComponentSpec['checks'], component: string): InlineCheck[] {
  return (checks ?? []).flatMap((check, index) =>
    check.inline ? [{ spec: check.inline, at: `${component}.checks[${index}].inline` }] : [],
  );
}
