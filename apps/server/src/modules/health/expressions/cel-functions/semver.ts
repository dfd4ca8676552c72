import { defineCelFunctions, fn } from './function-family.ts';

interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  readonly prerelease: string;
  readonly metadata: string;
  readonly original: string;
}

const versionPattern =
  /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+([0-9A-Za-z.-]+))?$/;

/** Masterminds semver's lenient parse: "v1.2" is 1.2.0. */
export function parseVersion(text: string): Version {
  const match = versionPattern.exec(text.trim());
  if (!match) throw new Error(`invalid semantic version "${text}"`);
  return {
    major: Number(match[1]),
    minor: Number(match[2] ?? 0),
    patch: Number(match[3] ?? 0),
    prerelease: match[4] ?? '',
    metadata: match[5] ?? '',
    original: text,
  };
}

export function compareVersions(a: Version, b: Version): number {
  const core = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (core !== 0) return Math.sign(core);
  if (a.prerelease === b.prerelease) return 0;
  if (a.prerelease === '') return 1;
  if (b.prerelease === '') return -1;
  const left = a.prerelease.split('.');
  const right = b.prerelease.split('.');
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const x = left[i];
    const y = right[i];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    if (numeric) return Math.sign(Number(x) - Number(y));
    return x < y ? -1 : 1;
  }
  return 0;
}

const termPattern = /^(!=|>=|<=|=>|=<|~>|[=<>~^])?\s*v?(\S+)$/;

/** One constraint term, with x/X/* wildcards, ~ (patch range) and ^ (minor range) as Masterminds. */
function satisfiesTerm(version: Version, term: string): boolean {
  const match = termPattern.exec(term);
  if (!match?.[2]) throw new Error(`invalid semver constraint "${term}"`);
  const operator = match[1] ?? '=';
  const parts = match[2].split(/[-+]/)[0]?.split('.') ?? [];
  const wild = (p: string | undefined) => p === undefined || /^[xX*]$/.test(p);
  if (wild(parts[0])) return operator !== '!=' && operator !== '<' && operator !== '>';
  const target = parseVersion(match[2].replace(/\.[xX*]/g, ''));
  const minorWild = wild(parts[1]);
  const patchWild = wild(parts[2]);
  const cmp = compareVersions(version, target);
  const upper = (v: Version): Version => ({ ...v, prerelease: '' });
  switch (operator) {
    case '=':
    case '!=': {
      const equal = minorWild
        ? version.major === target.major
        : patchWild
          ? version.major === target.major && version.minor === target.minor
          : cmp === 0;
      return operator === '=' ? equal : !equal;
    }
    case '>':
      if (minorWild) return version.major > target.major;
      if (patchWild) return compareVersions(upper(version), { ...target, patch: Infinity }) > 0;
      return cmp > 0;
    case '<':
      return cmp < 0;
    case '>=':
    case '=>':
      return cmp >= 0;
    case '<=':
    case '=<':
      if (minorWild) return version.major <= target.major;
      if (patchWild)
        return (
          version.major < target.major ||
          (version.major === target.major && version.minor <= target.minor)
        );
      return cmp <= 0;
    case '~':
    case '~>':
      return (
        cmp >= 0 && version.major === target.major && (minorWild || version.minor === target.minor)
      );
    default:
      // ^: same major (or, below 1.0.0, same minor), at or above the target.
      if (cmp < 0) return false;
      if (target.major > 0 || minorWild) return version.major === target.major;
      return version.major === 0 && version.minor === target.minor;
  }
}

/** Masterminds `Constraints.Check`: `||` between groups, `,` or space between terms of a group. */
export function satisfies(constraint: string, versionText: string): boolean {
  const version = parseVersion(versionText);
  return constraint.split('||').some((group) => {
    const terms = group
      .trim()
      .replace(/([=<>~^!])\s+/g, '$1')
      .split(/[\s,]+/)
      .filter(Boolean);
    if (terms.length === 0) throw new Error(`invalid semver constraint "${constraint}"`);
    // A pre-release only satisfies a group that names a pre-release itself.
    if (version.prerelease !== '' && !terms.some((t) => t.includes('-'))) return false;
    return terms.every((term) => satisfiesTerm(version, term));
  });
}

export const semverFunctions = defineCelFunctions({
  family: 'semver',
  namespaces: [],
  functions: [
    fn('Semver(string): map<string, string>', (text: string) => {
      const v = parseVersion(text);
      return {
        major: String(v.major),
        minor: String(v.minor),
        patch: String(v.patch),
        prerelease: v.prerelease,
        metadata: v.metadata,
        original: v.original,
      };
    }),
    fn('SemverCompare(string, string): bool', (constraint: string, version: string) =>
      satisfies(constraint, version),
    ),
  ],
});
