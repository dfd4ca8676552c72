import type { Token } from './lexer.ts';

export interface Declarations {
  readonly names: string[];
  readonly isAssign: boolean;
  /** The token after `:=` or `=`. */
  readonly next: number;
}

/**
 * Looks ahead from `start` for `$x :=`, `$x =` or (in range) `$i, $v :=`. Answers undefined
 * when the pipeline declares nothing, and 'bad-range' for `$i, $v` without `:=`.
 */
export function scanDeclarations(
  tokens: readonly Token[],
  start: number,
  inRange: boolean,
): Declarations | 'bad-range' | undefined {
  let j = start;
  const at = () => tokens[j]?.kind;
  const skipSpace = () => {
    if (at() === 'space') j++;
  };
  const names: string[] = [];
  if (at() !== 'variable') return undefined;
  names.push(tokens[j]?.value ?? '');
  j++;
  skipSpace();
  if (at() === 'comma' && inRange) {
    j++;
    skipSpace();
    if (at() !== 'variable') return undefined;
    names.push(tokens[j]?.value ?? '');
    j++;
    skipSpace();
    if (at() !== 'declare' && at() !== 'assign') return 'bad-range';
  }
  const op = at();
  if (op !== 'declare' && op !== 'assign') return undefined;
  return { names, isAssign: op === 'assign', next: j + 1 };
}
