import { parameterProblem, type ResolvedParameter } from '@vigil/domain';

export type ParamValues = Record<string, string>;

/** The form holds text: a default of another shape is written as the field would hold it. */
export function asFormValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(asFormValue).join(',');
  return JSON.stringify(value) ?? '';
}

/** A parameter's starting value: its (evaluated) default; an unchecked checkbox is 'false'. */
export function defaultValue(parameter: ResolvedParameter): string {
  const value = asFormValue(parameter.default);
  return value === '' && parameter.type === 'checkbox' ? 'false' : value;
}

/**
 * The form's values for a fresh set of parameters: the user's edits survive a re-evaluation
 * (a new resource), everything else takes the new defaults; a re-run starts from its values.
 */
export function mergeValues(
  parameters: readonly ResolvedParameter[],
  previous: ParamValues,
  edited: ReadonlySet<string>,
  seed: Readonly<Record<string, unknown>>,
): ParamValues {
  const values: ParamValues = {};
  for (const parameter of parameters) {
    const { name } = parameter;
    values[name] = edited.has(name)
      ? (previous[name] ?? '')
      : name in seed
        ? asFormValue(seed[name])
        : defaultValue(parameter);
  }
  return values;
}

export function problemsOf(
  parameters: readonly ResolvedParameter[],
  values: ParamValues,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const parameter of parameters) {
    const problem = parameterProblem(parameter, values[parameter.name] ?? '');
    if (problem !== undefined) problems[parameter.name] = problem;
  }
  return problems;
}

/** What the run request sends: `configs` as a list of ids, everything else as written. */
export function requestParams(
  parameters: readonly ResolvedParameter[],
  values: ParamValues,
): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const parameter of parameters) {
    const value = values[parameter.name] ?? '';
    params[parameter.name] =
      parameter.type === 'configs' ? value.split(',').filter((id) => id !== '') : value;
  }
  return params;
}

export function labelOf(parameter: ResolvedParameter): string {
  const label = parameter.label.trim();
  return label === '' ? parameter.name : label;
}
