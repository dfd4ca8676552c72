import { renderBoth } from '../params/params.service.ts';

/** Renders every string in an action's body, except the keys the action renders itself. */
export function renderBody(
  value: unknown,
  data: unknown,
  verbatim: readonly string[] = [],
  depth = 0,
): unknown {
  if (typeof value === 'string') return renderBoth(value, data);
  if (Array.isArray(value)) return value.map((item) => renderBody(item, data, [], depth + 1));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        depth === 0 && verbatim.includes(key) ? item : renderBody(item, data, [], depth + 1),
      ]),
    );
  }
  return value;
}
