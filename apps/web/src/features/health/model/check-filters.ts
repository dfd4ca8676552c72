import { z } from 'zod';
import type { CheckSummary } from '@vigil/domain';
import { isHealthy } from './health-colour.ts';

/** Tri-state per label item: exclude (-1), none (0), include (1). */
export type LabelState = -1 | 0 | 1;
/** Label id (`key=value`) to its state; none is simply absent. */
export type LabelFilters = Readonly<Record<string, LabelState>>;

export function labelId(key: string, value: string): string {
  return `${key}=${value}`;
}

function splitLabelId(id: string): [string, string] {
  const at = id.indexOf('=');
  return at < 0 ? [id, ''] : [id.slice(0, at), id.slice(at + 1)];
}

/** Choosing the active state again resets it to none. */
export function toggleLabelState(filters: LabelFilters, id: string, chosen: -1 | 1): LabelFilters {
  const next: Record<string, LabelState> = { ...filters };
  if (next[id] === chosen) delete next[id];
  else next[id] = chosen;
  return next;
}

function parseJson(raw: string): unknown {
  try {
    const value: unknown = JSON.parse(raw);
    return value;
  } catch {
    return null;
  }
}

/** Parse the `labels` URL param; anything malformed is ignored rather than breaking the page. */
export function parseLabelFilters(raw: string | null): LabelFilters {
  if (!raw) return {};
  const parsed = z.record(z.string(), z.unknown()).safeParse(parseJson(raw));
  if (!parsed.success) return {};
  const out: Record<string, LabelState> = {};
  for (const [id, state] of Object.entries(parsed.data)) {
    if (state === 1 || state === -1) out[id] = state;
  }
  return out;
}

export function serialiseLabelFilters(filters: LabelFilters): string | null {
  const active = Object.entries(filters).filter(([, state]) => state !== 0);
  return active.length === 0 ? null : JSON.stringify(Object.fromEntries(active));
}

/** Includes: per key, any of the chosen values; across keys, all. Excludes: none may match. */
export function matchesLabels(
  labels: Readonly<Record<string, string>>,
  filters: LabelFilters,
): boolean {
  const includesByKey = new Map<string, string[]>();
  for (const [id, state] of Object.entries(filters)) {
    const [key, value] = splitLabelId(id);
    if (state === -1 && labels[key] === value) return false;
    if (state === 1) includesByKey.set(key, [...(includesByKey.get(key) ?? []), value]);
  }
  for (const [key, values] of includesByKey) {
    const actual = labels[key];
    if (actual === undefined || !values.includes(actual)) return false;
  }
  return true;
}

export function matchesSearch(check: CheckSummary, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle === '') return true;
  return [check.name, check.description, check.endpoint, check.canary_name].some((field) =>
    (field ?? '').toLowerCase().includes(needle),
  );
}

export interface CheckFilter {
  query: string;
  hidePassing: boolean;
  labels: LabelFilters;
}

export function filterChecks(checks: readonly CheckSummary[], filter: CheckFilter): CheckSummary[] {
  return checks.filter(
    (check) =>
      (!filter.hidePassing || !isHealthy(check.status)) &&
      matchesSearch(check, filter.query) &&
      matchesLabels(check.labels ?? {}, filter.labels),
  );
}

/** Every label key with its distinct values, for the 'Filter by Label' sidebar. */
export function labelCatalogue(checks: readonly CheckSummary[]): Map<string, string[]> {
  const values = new Map<string, Set<string>>();
  for (const check of checks) {
    for (const [key, value] of Object.entries(check.labels ?? {})) {
      values.set(key, (values.get(key) ?? new Set()).add(value));
    }
  }
  return new Map(
    [...values.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, set]) => [key, [...set].sort((a, b) => a.localeCompare(b))]),
  );
}

/** A label whose values are only true/false gets a toggle rather than a multi-select. */
export function isBooleanLabel(values: readonly string[]): boolean {
  return values.length > 0 && values.every((value) => value === 'true' || value === 'false');
}
