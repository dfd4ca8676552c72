import type { ComponentProperty } from '@/features/topology/model/component-types.ts';

/** Spec 001 §2: pairs of keys shown as one line, `first / second`. */
export const groupedKeys: ReadonlyArray<readonly [string, string]> = [
  ['region', 'zone'],
  ['vpc', 'subnet'],
  ['os', 'arch'],
  ['version', 'part-of'],
];

export interface PropertyLine {
  key: string;
  label: string;
  properties: ComponentProperty[];
}

function keyOf(property: ComponentProperty): string {
  return (property.name ?? property.label ?? '').toLowerCase();
}

/** Visible, non-headline properties, with the grouped pairs merged into one line each. */
export function propertyLines(properties: readonly ComponentProperty[]): PropertyLine[] {
  const shown = properties.filter(
    (p) => p.headline !== true && p.hidden !== true && p.type !== 'hidden',
  );
  const byKey = new Map(shown.map((p) => [keyOf(p), p]));
  const used = new Set<ComponentProperty>();
  const lines: PropertyLine[] = [];
  for (const property of shown) {
    if (used.has(property)) continue;
    const pair = groupedKeys.find(([first, second]) => {
      const key = keyOf(property);
      return (key === first || key === second) && byKey.has(first) && byKey.has(second);
    });
    if (pair !== undefined) {
      const members = pair.flatMap((key) => {
        const member = byKey.get(key);
        return member === undefined ? [] : [member];
      });
      members.forEach((member) => used.add(member));
      lines.push({ key: pair.join('/'), label: pair.join('/'), properties: members });
      continue;
    }
    used.add(property);
    const label = property.label ?? property.name ?? '';
    lines.push({ key: `${label}-${lines.length}`, label, properties: [property] });
  }
  return lines;
}

/** Headline properties that have something to show. */
export function headlineProperties(properties: readonly ComponentProperty[]): ComponentProperty[] {
  return properties.filter(
    (p) => p.headline === true && (p.value !== undefined && p.value !== null ? true : !!p.text),
  );
}

function numeric(value: ComponentProperty['value']): number | undefined {
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

/** Spec 001 §2: currency is shortened with 'k' above 1000. */
export function formatCurrency(value: number): string {
  if (value > 1000) return `${(value / 1000).toFixed(1)}k`;
  if (value > 100) return value.toFixed(0);
  if (value > 10) return value.toFixed(1);
  return value.toFixed(2);
}

export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (Math.abs(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}

function formatWithUnit(value: number, unit: string | null | undefined): string {
  if (unit?.startsWith('milli')) return (value / 1000).toFixed(2);
  if (unit === 'bytes') return formatBytes(value);
  const text = Number.isInteger(value) ? String(value) : value.toFixed(2);
  return unit ? `${text} ${unit}` : text;
}

export const usageAlertPercent = 70;

export interface Usage {
  percent: number;
  text: string;
  /** Spec 001 §2: usage above 70% is shown in red. */
  high: boolean;
}

/** CPU and memory with a max are shown as a share of it. */
export function usageOf(property: ComponentProperty): Usage | undefined {
  const name = keyOf(property);
  if (name !== 'cpu' && name !== 'memory') return undefined;
  const value = numeric(property.value);
  const max = numeric(property.max);
  if (value === undefined || max === undefined || max <= 0) return undefined;
  const percent = (value / max) * 100;
  return {
    percent,
    text: `${formatWithUnit(value, property.unit)} of ${formatWithUnit(max, property.unit)} (${percent.toFixed(0)}%)`,
    high: percent > usageAlertPercent,
  };
}

/** The text of a property's value by its kind. */
export function propertyText(property: ComponentProperty): string {
  const value = numeric(property.value);
  if (property.type === 'currency') return value === undefined ? '' : `$${formatCurrency(value)}`;
  if (property.text) return property.text;
  return value === undefined ? '' : formatWithUnit(value, property.unit);
}
