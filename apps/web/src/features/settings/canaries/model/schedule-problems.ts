import { everyScheduleProblem } from '@vigil/domain';
import { isScalar, parseDocument } from 'yaml';

/** A problem the schema cannot express, at its place in the text (character offsets). */
export interface TextProblem {
  from: number;
  to: number;
  message: string;
}

/**
 * The server's `@every` rule, checked as you type: the schema only says `schedule` is text,
 * so `@every banana` would otherwise pass the editor and be refused only by Save.
 */
export function scheduleProblems(yaml: string): TextProblem[] {
  const document = parseDocument(yaml);
  if (document.errors.length > 0) return [];
  const node = document.getIn(['spec', 'schedule'], true);
  if (!isScalar(node) || typeof node.value !== 'string' || node.range == null) return [];
  const problem = everyScheduleProblem(node.value);
  if (problem === null) return [];
  const [from, to] = node.range;
  return [{ from, to, message: `\`spec.schedule\` ${problem}` }];
}
