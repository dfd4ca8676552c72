import type { LevelOptions, ReadRequest, SelectItem, TriStateFilter } from '../ast.ts';
import { pgrst } from '../postgrest-errors.ts';
import { parseCondition, parseFieldKey, parseLogicTree } from './filter-parser.ts';
import { parseOrder } from './order-parser.ts';
import { parseSelect } from './select-parser.ts';

/** Keys that configure a write rather than filter rows. */
const writeKeys: ReadonlySet<string> = new Set(['columns', 'on_conflict']);
const maxParams = 200;

/** Turns the ordered query-string pairs into a ReadRequest; nothing here knows the schema. */
export function parseReadRequest(params: ReadonlyArray<readonly [string, string]>): ReadRequest {
  if (params.length > maxParams) throw pgrst.parse(`too many query parameters (over ${maxParams})`);
  const selectParam = params.find(([key]) => key === 'select');
  const select = parseSelect(selectParam?.[1]);
  const levels = new Map<string, LevelOptions>([['', { filters: [] }]]);
  const level = (path: string): LevelOptions => {
    let found = levels.get(path);
    if (!found) {
      found = { filters: [] };
      levels.set(path, found);
    }
    return found;
  };
  for (const [key, value] of params) {
    if (key === 'select' || writeKeys.has(key)) continue;
    applyParam(key, value, level);
  }
  const embeds = embedPaths(select, '');
  for (const path of levels.keys()) {
    if (path !== '' && !embeds.has(path)) throw pgrst.notEmbedded(path);
  }
  return { select, levels };
}

function applyParam(key: string, value: string, level: (path: string) => LevelOptions): void {
  const parts = key.split('.');
  const last = parts[parts.length - 1] ?? '';
  const beforeLast = parts[parts.length - 2];
  if ((last === 'or' || last === 'and') && beforeLast === 'not') {
    level(parts.slice(0, -2).join('.')).filters.push(parseLogicTree(last, true, value));
  } else if (last === 'or' || last === 'and') {
    level(parts.slice(0, -1).join('.')).filters.push(parseLogicTree(last, false, value));
  } else if (last === 'order') {
    level(parts.slice(0, -1).join('.')).order = parseOrder(value);
  } else if (last === 'limit' || last === 'offset') {
    level(parts.slice(0, -1).join('.'))[last] = parseCount(last, value);
  } else if (last === 'filter' && parts.length >= 2) {
    const field = parseFieldKey(parts[parts.length - 2] ?? '');
    const filter = parseTriState(field, value);
    // An empty tri-state selects nothing, so it must not count as a filter for PATCH/DELETE.
    if (filter.include.length + filter.exclude.length > 0) {
      level(parts.slice(0, -2).join('.')).filters.push(filter);
    }
  } else {
    const field = parseFieldKey(last);
    level(parts.slice(0, -1).join('.')).filters.push(parseCondition(field, value));
  }
}

function parseCount(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw pgrst.parse(`"${name}" must be a non-negative integer`);
  return Number(value);
}

function parseTriState(field: ReturnType<typeof parseFieldKey>, value: string): TriStateFilter {
  const include: string[] = [];
  const exclude: string[] = [];
  for (const item of value.split(',').map((part) => part.trim())) {
    if (item === '' || item === '!') continue;
    if (item.startsWith('!')) exclude.push(item.slice(1));
    else include.push(item);
  }
  return { kind: 'tristate', field, include, exclude };
}

/** Every path by which an embed can be addressed: its alias, or its target name. */
function embedPaths(items: readonly SelectItem[], prefix: string): Set<string> {
  const out = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'embed') continue;
    const name = item.alias ?? item.target;
    const path = prefix ? `${prefix}.${name}` : name;
    out.add(path);
    for (const nested of embedPaths(item.items, path)) out.add(nested);
  }
  return out;
}
