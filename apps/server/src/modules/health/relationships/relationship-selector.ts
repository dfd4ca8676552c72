import { createHash } from 'node:crypto';
import { evaluateCel } from '../expressions/cel.ts';
import {
  lookupFields,
  type Lookup,
  type LookupField,
  type RelationshipSelectorTemplate,
} from './relationship-spec.ts';

/** duty's evaluated `RelationshipSelector`: the fields set are those the template set. */
export type RelationshipSelector = Partial<Record<LookupField, string>> & {
  readonly labels?: Readonly<Record<string, string>>;
};

const isEmpty = (lookup: Lookup | undefined): boolean =>
  lookup === undefined || (!lookup.value && !lookup.label && !lookup.expr);

/** duty's `Lookup.Eval`: value first, then the label, then the expression's answer as text. */
function evalLookup(
  lookup: Lookup,
  labels: Readonly<Record<string, string>>,
  env: Record<string, unknown>,
  limitMs: number,
): string {
  if (lookup.value) return lookup.value;
  if (lookup.label) return labels[lookup.label] ?? '';
  if (lookup.expr) return text(evaluateCel(lookup.expr, env, limitMs));
  return '';
}

/**
 * duty's `RelationshipSelectorTemplate.Eval`: undefined when the template is empty or when a
 * lookup it sets answers nothing (then it selects nothing); throws when an expression fails.
 */
export function evalSelector(
  template: RelationshipSelectorTemplate,
  labels: Readonly<Record<string, string>>,
  env: Record<string, unknown>,
  limitMs: number,
): RelationshipSelector | undefined {
  const hasLabels = Object.keys(template.labels ?? {}).length > 0;
  if (!hasLabels && lookupFields.every((field) => isEmpty(template[field]))) return undefined;
  const out: Partial<Record<LookupField, string>> = {};
  for (const field of lookupFields) {
    const lookup = template[field];
    if (lookup === undefined || isEmpty(lookup)) continue;
    let value: string;
    try {
      value = evalLookup(lookup, labels, env, limitMs);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      throw new Error(`failed to evaluate ${field} for relationship: ${why}`, { cause: error });
    }
    if (value === '') return undefined;
    out[field] = value;
  }
  return hasLabels ? { ...out, labels: template.labels } : out;
}

/** gomplate answers an expression's value as text: strings as they are, the rest as JSON. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'bigint' || typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? Number(v) : v));
}

/**
 * canary-checker's selector_id: the MD5 of the template as Go's encoding/json writes it
 * (every lookup key present, `labels` left out when empty, keys of maps sorted, HTML escaped),
 * so links made by canary-checker and by Vigil for the same spec carry the same id.
 */
export function selectorId(template: RelationshipSelectorTemplate): string {
  const parts = lookupFields.map((field) => `${goString(field)}:${goLookup(template[field])}`);
  const labels = Object.entries(template.labels ?? {}).sort(([a], [b]) => (a < b ? -1 : 1));
  if (labels.length > 0) {
    const entries = labels.map(([k, v]) => `${goString(k)}:${goString(v)}`);
    parts.push(`"labels":{${entries.join(',')}}`);
  }
  return createHash('md5')
    .update(`{${parts.join(',')}}`)
    .digest('hex');
}

function goLookup(lookup: Lookup | undefined): string {
  const keys = (['expr', 'value', 'label'] as const).filter((key) => lookup?.[key]);
  return `{${keys.map((key) => `${goString(key)}:${goString(lookup?.[key] ?? '')}`).join(',')}}`;
}

/** A JSON string as Go's encoder writes it (it escapes <, >, &, U+2028/9, \b and \f as \u). */
function goString(value: string): string {
  return JSON.stringify(value)
    .replace(/\\(\\|b|f)/g, (match, c: string) => {
      if (c === 'b') return '\\u0008';
      if (c === 'f') return '\\u000c';
      return match;
    })
    .replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
