import { compileCel, validateJavascript, validateTemplate } from '../../health/index.ts';
import type { CommonScraperEntry } from './common-fields.ts';
import { validateJsonPath } from './json-path.ts';

interface Problem {
  field: string;
  message: string;
}

/**
 * The first JSONPath or CEL expression of an entry's shared fields that cannot compile: it
 * would fail on every run, so the write refuses it, naming the field.
 */
export function entryExpressionProblem(entry: CommonScraperEntry): Problem | undefined {
  const paths: Array<[string, string | undefined]> = [
    ['items', entry.items],
    ...(['id', 'name', 'type', 'class', 'status', 'health', 'description'] as const).map(
      (key): [string, string | undefined] => [key, pathOnly(entry[key])],
    ),
    ...(entry.createFields ?? []).map((p, i): [string, string] => [`createFields[${i}]`, p]),
    ...(entry.deleteFields ?? []).map((p, i): [string, string] => [`deleteFields[${i}]`, p]),
  ];
  const transform = entry.transform;
  paths.push(
    ...(transform?.exclude ?? []).map((e, i): [string, string] => [
      `transform.exclude[${i}].jsonpath`,
      e.jsonpath,
    ]),
    ...(transform?.mask ?? []).map((m, i): [string, string] => [
      `transform.mask[${i}].jsonpath`,
      m.jsonpath,
    ]),
  );
  for (const [field, path] of paths) {
    const problem = check(field, path, validateJsonPath);
    if (problem) return problem;
  }
  const cel: Array<[string, string | undefined]> = [
    ['transform.expr', transform?.expr],
    ...(transform?.mask ?? []).map((m, i): [string, string | undefined] => [
      `transform.mask[${i}].selector`,
      m.selector,
    ]),
    ...(transform?.relationship ?? []).flatMap((r, i): Array<[string, string | undefined]> => [
      [`transform.relationship[${i}].filter`, r.filter],
      [`transform.relationship[${i}].expr`, r.expr],
    ]),
    ...(transform?.changes?.mapping ?? []).map((m, i): [string, string | undefined] => [
      `transform.changes.mapping[${i}].filter`,
      m.filter,
    ]),
    ...(transform?.changes?.exclude ?? []).map((e, i): [string, string] => [
      `transform.changes.exclude[${i}]`,
      e,
    ]),
    ...(entry.properties ?? []).map((p, i): [string, string | undefined] => [
      `properties[${i}].filter`,
      p.filter,
    ]),
  ];
  for (const [field, source] of cel) {
    const problem = check(field, source, (text) => void compileCel(text));
    if (problem) return problem;
  }
  if (transform?.javascript !== undefined) {
    const problem = check('transform.javascript', transform.javascript, validateJavascript);
    if (problem) return problem;
  }
  if (transform?.gotemplate !== undefined) {
    return check('transform.gotemplate', transform.gotemplate, (text) => validateTemplate(text));
  }
  return undefined;
}

function pathOnly(value: string | undefined): string | undefined {
  return value !== undefined && value.startsWith('$') ? value : undefined;
}

function check(
  field: string,
  source: string | undefined,
  validate: (text: string) => void,
): Problem | undefined {
  if (source === undefined || source === '') return undefined;
  try {
    validate(source);
    return undefined;
  } catch (error) {
    return { field, message: error instanceof Error ? error.message : String(error) };
  }
}
