import type { PlaybookParameter, PlaybookParameterType } from '@vigil/domain';
import type { Queryable } from '../../../platform/db.ts';

/** A parameter value once checked: what templates see as `.params.<name>`. */
export type ParamValue = string | boolean | string[];

export type Checked = { readonly value: ParamValue } | { readonly error: string };

export interface ParameterKind {
  readonly type: PlaybookParameterType;
  /** A problem with the parameter's declaration (a bad regex), refused when it is written. */
  checkSpec?(parameter: PlaybookParameter): string | undefined;
  /** Checks a value given for a run; `db` answers lookups of people, teams and resources. */
  check(value: unknown, parameter: PlaybookParameter, db: Queryable): Promise<Checked>;
}

export function defineParameterKind(kind: ParameterKind): ParameterKind {
  return kind;
}

/** A property as YAML may write it: `"true"`, `true`, `"5"`, `5`. */
export function propertyText(parameter: PlaybookParameter, key: string): string | undefined {
  const value = parameter.properties?.[key];
  if (value === undefined || value === null || value === '') return undefined;
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;
}

export function propertyNumber(parameter: PlaybookParameter, key: string): number | undefined {
  const text = propertyText(parameter, key);
  if (text === undefined) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export const asText = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;
