import { ExpressionError } from './cel.ts';

const action = /\{\{(-?)\s*(.*?)\s*(-?)\}\}/gs;
const fieldPath = /^\.(?:[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)*)?$/;

/**
 * Renders the Go-template subset that canary specs use in `template`: field references such
 * as `{{ .code }}` or `{{ .json.status }}`, with `{{-`/`-}}` trimming. Anything else is
 * refused with a clear message rather than rendered wrongly.
 */
export function renderTemplate(template: string, variables: Record<string, unknown>): string {
  let out = '';
  let last = 0;
  for (const match of template.matchAll(action)) {
    let literal = template.slice(last, match.index);
    if (match[1] === '-') literal = literal.trimEnd();
    out += literal;
    out += render(match[2] ?? '', variables);
    last = match.index + match[0].length;
    if (match[3] === '-') {
      const rest = template.slice(last);
      last += rest.length - rest.trimStart().length;
    }
  }
  return out + template.slice(last);
}

/** Checks a template's actions without rendering it. */
export function validateTemplate(template: string): void {
  if (template.replace(action, '').includes('{{')) {
    throw new ExpressionError('template has an unclosed action "{{"');
  }
  for (const match of template.matchAll(action)) {
    if (!fieldPath.test(match[2] ?? '')) throw unsupported(match[2] ?? '');
  }
}

function render(expression: string, variables: Record<string, unknown>): string {
  if (!fieldPath.test(expression)) throw unsupported(expression);
  let value: unknown = variables;
  for (const key of expression.split('.').slice(1)) {
    value = isRecord(value) ? value[key] : undefined;
  }
  if (value === undefined || value === null) return '<no value>';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value) ?? '<no value>';
}

function unsupported(expression: string): ExpressionError {
  return new ExpressionError(
    `template action "{{ ${expression} }}" is not supported: use a field such as {{ .code }}, or an expr`,
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
