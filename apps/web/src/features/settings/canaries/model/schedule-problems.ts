import { everyScheduleProblem } from '@vigil/domain';
import type { SchemaProblem } from '../components/yaml-editor.tsx';
import type { CanaryResource } from './canary-resource.ts';

/**
 * The server's `@every` rule, checked as you type: the schema only says `schedule` is text,
 * so `@every banana` would otherwise pass the editor and be refused only by Save.
 */
export function scheduleProblems(resource: CanaryResource, yaml: string): SchemaProblem[] {
  const schedule = resource.spec.schedule;
  if (typeof schedule !== 'string') return [];
  const problem = everyScheduleProblem(schedule);
  if (problem === null) return [];
  const index = yaml.split('\n').findIndex((line) => /^\s+schedule\s*:/.test(line));
  return [{ line: index + 1, message: `\`spec.schedule\` ${problem}` }];
}
