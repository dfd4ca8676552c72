import { parameterProblem, type PlaybookParameter } from '@vigil/domain';

export type ParamValues = Record<string, string>;

/** A parameter's starting value: its (evaluated) default; an unchecked checkbox is 'false'. */
export function defaultValue(parameter: PlaybookParameter): string {
  if (parameter.default !== undefined) return parameter.default;
  return parameter.type === 'checkbox' ? 'false' : '';
}

/**
 * The form's values for a fresh set of parameters: the user's edits survive a re-evaluation
 * (a new resource), everything else takes the new defaults; a re-run starts from its values.
 */
export function mergeValues(
  parameters: readonly PlaybookParameter[],
  previous: ParamValues,
  edited: ReadonlySet<string>,
  seed: ParamValues,
): ParamValues {
  const values: ParamValues = {};
  for (const parameter of parameters) {
    const { name } = parameter;
    values[name] = edited.has(name)
      ? (previous[name] ?? '')
      : (seed[name] ?? defaultValue(parameter));
  }
  return values;
}

export function problemsOf(
  parameters: readonly PlaybookParameter[],
  values: ParamValues,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of parameters) {
    const problem = parameterProblem(parameter, values[parameter.name] ?? '');
    if (problem !== undefined) problems[parameter.name] = problem;
  }
  return problems;
}

export function labelOf(parameter: PlaybookParameter): string {
  const label = parameter.label?.trim() ?? '';
  return label === '' ? parameter.name : label;
}
