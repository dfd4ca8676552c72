import { evaluateCel } from '../cel.ts';
import { plain } from './values.ts';

/** Evaluates `source` as a check would, answering plain JSON-like data for assertions. */
export function run(source: string, variables: Record<string, unknown> = {}): unknown {
  const value = evaluateCel(source, variables, 1000);
  return plain(value);
}
