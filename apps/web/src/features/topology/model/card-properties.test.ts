import { describe, expect, it } from 'vitest';
import { formatCurrency, propertyLines, propertyText, usageOf } from './card-properties.ts';

describe('card properties', () => {
  it('merges the grouped keys into one line and leaves out hidden and headline ones', () => {
    const lines = propertyLines([
      { name: 'zone', text: 'a' },
      { name: 'region', text: 'eu' },
      { name: 'os', text: 'linux' },
      { name: 'cpu', value: 1, headline: true },
      { name: 'token', type: 'hidden', text: 'x' },
      { name: 'secret', hidden: true, text: 'y' },
      { name: 'vpc', text: 'vpc-1' },
    ]);
    expect(lines.map((l) => [l.label, l.properties.map((p) => p.text)])).toEqual([
      ['region/zone', ['eu', 'a']],
      ['os', ['linux']],
      ['vpc', ['vpc-1']],
    ]);
  });

  it("shortens currency with 'k' above 1000", () => {
    expect(formatCurrency(1000)).toBe('1000');
    expect(formatCurrency(1520)).toBe('1.5k');
    expect(formatCurrency(42.25)).toBe('42.3');
    expect(formatCurrency(3.456)).toBe('3.46');
    expect(propertyText({ name: 'cost', type: 'currency', value: 2500 })).toBe('$2.5k');
  });

  it('shows CPU and memory as a share of max, red above 70%', () => {
    expect(usageOf({ name: 'cpu', value: 2800, max: 4000, unit: 'millicores' })).toEqual({
      percent: 70,
      text: '2.80 of 4.00 (70%)',
      high: false,
    });
    expect(usageOf({ name: 'memory', value: 7.2, max: 10 })?.high).toBe(true);
    expect(usageOf({ name: 'memory', value: 1024, max: 2048, unit: 'bytes' })?.text).toBe(
      '1.0 KiB of 2.0 KiB (50%)',
    );
    expect(usageOf({ name: 'disk', value: 9, max: 10 })).toBeUndefined();
    expect(usageOf({ name: 'cpu', value: 9 })).toBeUndefined();
  });
});
