import { defineCelFunctions, fn } from './function-family.ts';

const units = ['E', 'P', 'T', 'G', 'M', 'K'] as const;

/** gomplate's HumanBytes: 1024-based, one decimal without a trailing ".0" ("120.6K", "0B"). */
export function humanSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return 'NaN';
  const whole = Math.trunc(bytes);
  if (whole === 0) return '0B';
  for (const [index, unit] of units.entries()) {
    const size = 1024 ** (units.length - index);
    if (whole >= size) return `${(whole / size).toFixed(1).replace(/\.0$/, '')}${unit}`;
  }
  return `${whole}B`;
}

export const sizeFunctions = defineCelFunctions({
  family: 'sizes',
  namespaces: [],
  functions: [
    fn('HumanSize(int): string', (n: bigint) => humanSize(Number(n))),
    fn('HumanSize(uint): string', (n: { valueOf(): bigint }) => humanSize(Number(n.valueOf()))),
    fn('HumanSize(double): string', (n: number) => humanSize(n)),
    fn('HumanSize(string): string', (s: string) =>
      /^\d+$/.test(s) ? humanSize(Number(s)) : 'NaN',
    ),
  ],
});
