import fs from 'node:fs';

export interface LocalProperty {
  readonly name: string;
  readonly value: string;
}

/**
 * Properties set by the operator outside the database: `VIGIL_PROPERTIES` (`a=b,c=d`) and the
 * file `VIGIL_PROPERTIES_FILE` (one `name=value` per line, `#` comments). They win over the
 * database and cannot be edited from the console.
 */
export function readLocalProperties(
  inline: string | undefined,
  file: string | undefined,
): LocalProperty[] {
  const pairs = [
    ...(file ? fs.readFileSync(file, 'utf8').split('\n') : []),
    ...(inline ? inline.split(',') : []),
  ];
  const found = new Map<string, string>();
  for (const raw of pairs) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    if (at <= 0) throw new Error(`invalid property "${line}": expected name=value`);
    found.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return [...found].map(([name, value]) => ({ name, value }));
}
