import { z } from 'zod';
import { findConfigItems } from '../../catalog/index.ts';
import { renderTemplate } from '../../health/index.ts';
import type { PropertySpec } from '../spec/topology-spec.ts';
import { propertySpec } from '../spec/topology-spec.ts';
import { staticProperty, type BuiltComponent, type BuiltProperty } from './built-component.ts';
import { evaluate, runLookup } from './lookup.ts';
import type { LookupDeps } from './lookup-sources.ts';

const componentShaped = z.looseObject({
  name: z.string(),
  properties: z.array(propertySpec),
});

/** Sets a property on a component: a new value overwrites the fields it carries. */
export function mergeProperty(component: BuiltComponent, property: BuiltProperty): void {
  const existing = component.properties.find((p) => p.name === property.name);
  if (!existing) {
    component.properties.push(property);
    return;
  }
  const given: Array<[string, unknown]> = Object.entries(property);
  Object.assign(existing, Object.fromEntries(given.filter(([, value]) => value !== undefined)));
}

/**
 * Runs a property's lookup and merges what it found into `components`: answers shaped like
 * components (`{name, properties}`) go to the component of that name, property answers to
 * every component, and a scalar becomes the property's text.
 */
export async function applyPropertyLookup(
  spec: PropertySpec,
  components: readonly BuiltComponent[],
  env: Record<string, unknown>,
  deps: LookupDeps,
): Promise<void> {
  if (spec.configLookup) {
    const text = await configLookupText(spec, env, deps);
    for (const component of components) {
      mergeProperty(component, { ...staticProperty(spec), ...(text ? { text } : {}) });
    }
    return;
  }
  if (!spec.lookup) return;
  for (const answer of await runLookup(spec.lookup, env, deps)) {
    const shaped = componentShaped.safeParse(answer);
    if (shaped.success) {
      const target = components.filter((component) => component.name === shaped.data.name);
      for (const component of target) {
        for (const property of shaped.data.properties) {
          mergeProperty(component, staticProperty(property));
        }
      }
      continue;
    }
    const property = propertySpec.safeParse(answer);
    const built =
      property.success && typeof answer === 'object'
        ? staticProperty(property.data)
        : { ...staticProperty(spec), text: String(answer) };
    for (const component of components) mergeProperty(component, built);
  }
}

async function configLookupText(
  spec: PropertySpec,
  env: Record<string, unknown>,
  deps: LookupDeps,
): Promise<string | undefined> {
  const lookup = spec.configLookup;
  const query = lookup?.config;
  if (!lookup || !query) throw new Error(`property ${spec.name ?? ''}: configLookup needs config`);
  const [item] = await findConfigItems(deps.db, {
    ...(query.name ? { name: renderTemplate(query.name, env) } : {}),
    ...(query.namespace ? { namespace: query.namespace } : {}),
    ...(query.type ? { types: [query.type] } : {}),
    ...(query.tags ? { tags: query.tags } : {}),
  });
  if (!item) return undefined;
  const variables = { ...env, config: item.config ?? {}, tags: item.tags, labels: item.labels };
  if (lookup.display) {
    const shown = evaluate(lookup.display, variables);
    return shown === undefined ? undefined : textOf(shown);
  }
  if (!lookup.field) return undefined;
  const field = new Map<string, unknown>(Object.entries(item)).get(lookup.field);
  return field === undefined || field === null ? undefined : textOf(field);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
