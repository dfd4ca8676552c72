import { envDelimiters, renderTemplate } from '../../health/index.ts';
import type { ComponentSpec, ForEachSpec, TopologySpec } from '../spec/topology-spec.ts';
import { componentSpec } from '../spec/topology-spec.ts';
import {
  componentEnv,
  fromSpec,
  inlineChecksOf,
  staticProperty,
  type BuiltComponent,
} from './built-component.ts';
import { evaluate, runLookup } from './lookup.ts';
import { groupValues, withTag } from './group-by.ts';
import type { LookupDeps } from './lookup-sources.ts';
import { applyPropertyLookup, mergeProperty } from './properties.ts';

export interface TopologyIdentity {
  readonly name: string;
  readonly namespace: string;
  readonly labels: Record<string, string>;
}

export interface BuildOutcome {
  readonly root: BuiltComponent;
  /** One line per component spec whose lookups failed; its old components are kept. */
  readonly errors: string[];
  /** Names of the top-level specs that failed: their old components must not be retired. */
  readonly failedSpecs: string[];
}

/**
 * Builds the component tree of a topology as canary-checker does: the topology is the root,
 * a component with a lookup is replaced by what its lookup found (each given `forEach`),
 * property lookups merge by component name, and `parentLookup` moves a component under another.
 */
export async function buildTopology(
  topology: TopologyIdentity,
  spec: TopologySpec,
  deps: LookupDeps,
): Promise<BuildOutcome> {
  const root = fromSpec({
    name: spec.text || topology.name,
    type: spec.type,
    icon: spec.icon,
    text: spec.text,
    tooltip: spec.tooltip,
    owner: spec.owner,
    statusExpr: spec.statusExpr,
    healthExpr: spec.healthExpr,
    namespace: topology.namespace,
    labels: topology.labels,
  });
  const errors: string[] = [];
  const failedSpecs: string[] = [];
  const build = async (specs: readonly ComponentSpec[], into: BuiltComponent) => {
    for (const [index, child] of specs.entries()) {
      try {
        const built = await lookupComponents(child, deps);
        for (const component of built) {
          component.labels = { ...topology.labels, ...into.labels, ...component.labels };
        }
        into.children.push(...built);
      } catch (error) {
        errors.push(`spec.components[${index}] ${child.name ?? ''}: ${messageOf(error)}`);
        failedSpecs.push(child.name ?? '');
      }
    }
  };
  const tag = spec.groupBy?.tag;
  const values = spec.groupBy && tag ? await groupValues(spec.groupBy, deps) : [];
  if (tag && values.length > 0) {
    // groupBy: one virtual parent per value of the tag, its lookups narrowed to that value.
    for (const value of values) {
      const group = fromSpec({
        name: value,
        type: 'virtual',
        icon: spec.icon,
        labels: { [tag]: value },
      });
      group.externalId = `${tag}=${value}`;
      await build(withTag(spec.components ?? [], tag, value), group);
      root.children.push(group);
    }
  } else {
    await build(spec.components ?? [], root);
  }
  for (const [index, property] of (spec.properties ?? []).entries()) {
    try {
      if (property.lookup || property.configLookup) {
        await applyPropertyLookup(property, [root], componentEnv(root), deps);
      } else mergeProperty(root, staticProperty(property));
    } catch (error) {
      errors.push(`spec.properties[${index}] ${property.name ?? ''}: ${messageOf(error)}`);
    }
  }
  moveByParentLookup(root);
  // One virtual group alone under the root is not shown (canary-checker's rule).
  const [only] = root.children;
  if (root.children.length === 1 && only?.type === 'virtual') root.children = only.children;
  return { root, errors, failedSpecs };
}

async function lookupComponents(spec: ComponentSpec, deps: LookupDeps): Promise<BuiltComponent[]> {
  let components: BuiltComponent[];
  if (spec.lookup) {
    components = [];
    for (const answer of await runLookup(spec.lookup, {}, deps)) {
      const parsed = componentSpec.safeParse(answer);
      if (!parsed.success || !parsed.data.name) continue;
      const component = await staticTree(parsed.data, deps);
      await forEach(spec.forEach, component, deps);
      components.push(component);
    }
  } else {
    components = [await staticTree(spec, deps)];
  }
  for (const property of spec.properties ?? []) {
    if (!property.lookup && !property.configLookup) continue;
    await applyPropertyLookup(property, components, {}, deps);
  }
  for (const component of components) {
    component.icon ??= spec.icon;
    component.lifecycle ??= spec.lifecycle;
    if (!component.externalId && spec.id) {
      const id = evaluate(spec.id, { ...componentEnv(component), self: componentEnv(component) });
      if (typeof id === 'string' && id !== '' && id !== 'undefined') component.externalId = id;
    }
    component.externalId ||= component.name;
  }
  return components;
}

async function staticTree(spec: ComponentSpec, deps: LookupDeps): Promise<BuiltComponent> {
  const component = fromSpec(spec);
  for (const child of spec.components ?? []) {
    component.children.push(...(await lookupComponents(child, deps)));
  }
  return component;
}

/** `forEach`: children, properties, configs and selectors templated with the component. */
async function forEach(
  spec: ForEachSpec | undefined,
  component: BuiltComponent,
  deps: LookupDeps,
): Promise<void> {
  if (!spec) return;
  const env = {
    component: componentEnv(component),
    properties: componentEnv(component).properties,
  };
  const block = templated(spec, env);
  for (const property of block.properties ?? []) {
    if (property.lookup || property.configLookup) {
      await applyPropertyLookup(property, [component], env, deps);
    } else mergeProperty(component, staticProperty(property));
  }
  for (const child of block.components ?? []) {
    component.children.push(...(await lookupComponents(child, deps)));
  }
  component.configs.push(...(block.configs ?? []));
  component.selectors.push(...(block.selectors ?? []));
  for (const check of block.checks ?? []) {
    if (check.selector) component.checkSelectors.push(check.selector);
  }
  component.inline.push(...inlineChecksOf(block.checks, component.name));
}

/** Renders `$(.component.name)` in every string of a forEach block. */
function templated(spec: ForEachSpec, env: Record<string, unknown>): ForEachSpec {
  const render = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return renderTemplate(value, env, { delimiters: envDelimiters });
    }
    if (Array.isArray(value)) return value.map(render);
    if (typeof value === 'object' && value !== null) {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          // Lookups keep their own expressions; they are evaluated with the component's env.
          key === 'lookup' || key === 'display' ? [key, inner] : [key, render(inner)],
        ),
      );
    }
    return value;
  };
  const parsed = componentSpec.safeParse({ name: 'forEach', forEach: render(spec) });
  return parsed.success && parsed.data.forEach ? parsed.data.forEach : spec;
}

/** Moves components with a `parentLookup` under the component it names, anywhere in the tree. */
function moveByParentLookup(root: BuiltComponent): void {
  const all: Array<{ component: BuiltComponent; parent: BuiltComponent }> = [];
  const walk = (parent: BuiltComponent) => {
    for (const child of parent.children) {
      all.push({ component: child, parent });
      walk(child);
    }
  };
  walk(root);
  for (const { component, parent } of all) {
    const wanted = component.parentLookup;
    if (!wanted) continue;
    const target = all.find(({ component: candidate }) =>
      wanted.externalID
        ? candidate.externalId === wanted.externalID
        : candidate.name === wanted.name &&
          (!wanted.type || candidate.type === wanted.type) &&
          (!wanted.namespace || candidate.namespace === wanted.namespace),
    );
    if (!target || target.component === component) continue;
    parent.children = parent.children.filter((child) => child !== component);
    target.component.children.push(component);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
