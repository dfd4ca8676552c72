/**
 * The JSONPath subset canary-checker specs use in `responseJSONContent.path`: `$.a.b`,
 * `$.items[0].name`, `$['key with space']`. Answers undefined when the path is absent.
 */
export function jsonPathValue(document: unknown, path: string): unknown {
  let current: unknown = document;
  for (const step of steps(path)) {
    if (Array.isArray(current) && typeof step === 'number') current = current[step];
    else if (isRecord(current) && typeof step === 'string') current = current[step];
    else return undefined;
    if (current === undefined) return undefined;
  }
  return current;
}

function steps(path: string): Array<string | number> {
  const out: Array<string | number> = [];
  const pattern = /\.([^.[\]]+)|\[(\d+)\]|\['([^']*)'\]|\["([^"]*)"\]/g;
  const body = path.startsWith('$') ? path.slice(1) : `.${path}`;
  for (const match of body.matchAll(pattern)) {
    if (match[2] !== undefined) out.push(Number(match[2]));
    else out.push(match[1] ?? match[3] ?? match[4] ?? '');
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
