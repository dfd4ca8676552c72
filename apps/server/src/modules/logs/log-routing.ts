import type { LogRoute } from './backends/log-backend.ts';

/** What a route is matched against: the selector's type, the component's external id, labels. */
export interface RouteTarget {
  readonly type: string | undefined;
  readonly externalId: string | null;
  readonly labels: Readonly<Record<string, string>>;
}

/**
 * A route matches when its type (if any) equals the selector's, the external id starts with its
 * idPrefix (if any), and every route label matches: `a,b` any of, `*` any value, `!x` not x.
 */
export function routeMatches(route: LogRoute, target: RouteTarget): boolean {
  if (route.type !== undefined && route.type !== '' && route.type !== target.type) return false;
  if (route.idPrefix !== undefined && route.idPrefix !== '') {
    if (!(target.externalId ?? '').startsWith(route.idPrefix)) return false;
  }
  return Object.entries(route.labels ?? {}).every(([key, pattern]) =>
    labelMatches(pattern, target.labels[key]),
  );
}

function labelMatches(pattern: string, value: string | undefined): boolean {
  const alternatives = pattern.split(',').map((part) => part.trim());
  const refused = alternatives.filter((part) => part.startsWith('!')).map((part) => part.slice(1));
  const wanted = alternatives.filter((part) => part !== '' && !part.startsWith('!'));
  if (value !== undefined && refused.some((part) => wildcard(part, value))) return false;
  if (wanted.length === 0) return true;
  return value !== undefined && wanted.some((part) => wildcard(part, value));
}

/** `*` matches any run of characters; everything else is literal. */
function wildcard(pattern: string, value: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(value);
}
