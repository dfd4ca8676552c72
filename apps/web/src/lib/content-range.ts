/** Total from a `Content-Range` header (`0-49/1234`); undefined when absent or unknown (`*`). */
export function parseTotalEntries(header: string | null): number | undefined {
  if (header === null) return undefined;
  const total = header.split('/')[1]?.trim();
  if (total === undefined || !/^\d+$/.test(total)) return undefined;
  return Number(total);
}
