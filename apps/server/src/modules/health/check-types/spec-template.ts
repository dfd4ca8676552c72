import { TemplateError } from '../expressions/go-template/errors.ts';
import { envDelimiters, renderTemplate } from '../expressions/go-template/template.ts';
import { CheckConfigError, type CheckRunContext, type EnvVar } from './check-type.ts';

/** What every check's templated field sees: canary-checker's `check`, `canary` and env. */
export interface TemplatedCheck {
  readonly name: string;
  readonly description?: string | undefined;
  readonly labels?: Readonly<Record<string, string>> | undefined;
  readonly env?: readonly (EnvVar & { readonly name?: string | undefined })[] | undefined;
}

/** The data for a check's templated fields; its own `env` values win over the canary's. */
export async function checkTemplateData(
  check: TemplatedCheck,
  ctx: CheckRunContext,
): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { ...((await ctx.templateValues?.()) ?? {}) };
  data.check = {
    name: check.name,
    description: check.description ?? '',
    labels: check.labels ?? {},
  };
  for (const entry of check.env ?? []) {
    if (typeof entry !== 'string' && entry.name) data[entry.name] = await ctx.resolveValue(entry);
  }
  return data;
}

/** Renders `{{ … }}` in a field; a template that fails makes the check invalid, naming it. */
export function renderField(field: string, source: string, data: Record<string, unknown>): string {
  try {
    return renderTemplate(source, data);
  } catch (error) {
    if (error instanceof TemplateError) throw new CheckConfigError(`${field}: ${error.message}`);
    throw error;
  }
}

/**
 * A connection field (a url) as canary-checker's struct templater renders it: `{{ … }}`, then
 * `$( … )` where every value is also a function, so `$(user)` and `$(.user)` both work.
 */
export function renderConnectionField(
  field: string,
  source: string,
  data: Record<string, unknown>,
): string {
  const rendered = renderField(field, source, data);
  if (!rendered.includes('$(')) return rendered;
  const functions = valueFunctions(data);
  try {
    return renderTemplate(rendered, data, { delimiters: envDelimiters, functions });
  } catch (error) {
    if (error instanceof TemplateError) throw new CheckConfigError(`${field}: ${error.message}`);
    throw error;
  }
}

/** The names `$(name)` may use in `field`, for checking it when the spec is written. */
export function valueFunctions(data: Record<string, unknown>): Map<string, () => unknown> {
  return new Map(Object.entries(data).map(([name, value]) => [name, () => value]));
}
