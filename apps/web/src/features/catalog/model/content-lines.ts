/** The config content as numbered lines: JSON pretty-printed, text kept as it is. */
export function contentLines(content: unknown): string[] {
  if (content === null || content === undefined) return [];
  const text = typeof content === 'string' ? content : JSON.stringify(content, null, 2);
  return text.split('\n');
}

/** Selected line numbers from repeated `selected` params; junk and duplicates dropped. */
export function selectedLines(params: URLSearchParams): Set<number> {
  const lines = params
    .getAll('selected')
    .map(Number)
    .filter((line) => Number.isInteger(line) && line > 0);
  return new Set(lines);
}

/** The params with one line's selection flipped, in ascending order. */
export function toggleSelectedLine(params: URLSearchParams, line: number): URLSearchParams {
  const selected = selectedLines(params);
  if (selected.has(line)) selected.delete(line);
  else selected.add(line);
  const next = new URLSearchParams(params);
  next.delete('selected');
  for (const value of [...selected].sort((a, b) => a - b)) next.append('selected', String(value));
  return next;
}
