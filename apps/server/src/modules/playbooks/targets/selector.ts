import type { PlaybookSpec, ResourceSelector } from '@vigil/domain';
import type { ResourceKind, TargetResource } from './resource.repository.ts';

/** `*` globs and `!` negation, as duty's selectors write names and types. */
function matchesPattern(value: string | null | undefined, pattern: string): boolean {
  if (pattern.startsWith('!')) return !matchesPattern(value, pattern.slice(1));
  if (value === null || value === undefined) return false;
  if (!pattern.includes('*')) return value === pattern;
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*');
  return new RegExp(`^${escaped}$`).test(value);
}

const field = (row: Readonly<Record<string, unknown>>, key: string): string | undefined => {
  const value = row[key];
  return typeof value === 'string' ? value : undefined;
};

function labelsOf(row: Readonly<Record<string, unknown>>, key: string): Record<string, string> {
  const value = row[key];
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

/** Kubernetes label selector syntax: `a=b`, `a!=b`, `a`, `!a`, `a in (x,y)`, comma-joined. */
export function matchesLabels(selector: string, labels: Readonly<Record<string, string>>) {
  const terms = selector.match(/[^,(]+(\([^)]*\))?/g) ?? [];
  return terms.every((raw) => {
    const term = raw.trim();
    if (term === '') return true;
    const set = /^(\S+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(term);
    if (set) {
      const values = (set[3] ?? '').split(',').map((v) => v.trim());
      const has = values.includes(labels[set[1] ?? ''] ?? '\0');
      return set[2] === 'in' ? has : !has;
    }
    const pair = /^([^!=]+?)\s*(!=|==|=)\s*(.*)$/.exec(term);
    if (pair) {
      const actual = labels[(pair[1] ?? '').trim()];
      return pair[2] === '!=' ? actual !== pair[3] : actual === pair[3];
    }
    return term.startsWith('!') ? !(term.slice(1) in labels) : term in labels;
  });
}

/** Whether one selector keeps a resource: every field it sets must match. */
export function matchesSelector(selector: ResourceSelector, resource: TargetResource): boolean {
  const row = resource.row;
  if (selector.id && selector.id !== field(row, 'id')) return false;
  if (selector.name && !matchesPattern(field(row, 'name'), selector.name)) return false;
  if (selector.namespace && !matchesPattern(field(row, 'namespace'), selector.namespace)) {
    return false;
  }
  if (selector.agent && selector.agent !== 'all' && selector.agent !== field(row, 'agent_id')) {
    return false;
  }
  if (selector.types?.length) {
    const type = field(row, 'type');
    if (!selector.types.some((pattern) => matchesPattern(type, pattern))) return false;
  }
  if (selector.statuses?.length && !selector.statuses.includes(field(row, 'status') ?? '')) {
    return false;
  }
  if (selector.health) {
    const healths = selector.health.split(',').map((h) => h.trim());
    if (!healths.some((pattern) => matchesPattern(field(row, 'health'), pattern))) return false;
  }
  if (selector.labelSelector && !matchesLabels(selector.labelSelector, labelsOf(row, 'labels'))) {
    return false;
  }
  if (selector.tagSelector && !matchesLabels(selector.tagSelector, labelsOf(row, 'tags'))) {
    return false;
  }
  return true;
}

const selectorsFor: Record<ResourceKind, keyof PlaybookSpec> = {
  config: 'configs',
  component: 'components',
  check: 'checks',
};

/** A playbook applies to a resource when one of its selectors of that kind keeps it. */
export function playbookTargets(spec: PlaybookSpec, resource: TargetResource): boolean {
  const key = selectorsFor[resource.kind];
  const selectors =
    key === 'configs' ? spec.configs : key === 'components' ? spec.components : spec.checks;
  return (selectors ?? []).some((selector) => matchesSelector(selector, resource));
}
