import { z } from 'zod';
import { evaluateCel, evaluateJavascript, renderTemplate } from '../../health/index.ts';
import type { LookupSpec, TemplateSpec } from '../spec/topology-spec.ts';
import { templateSpec } from '../spec/topology-spec.ts';
import { lookupSourceOf, type LookupDeps } from './lookup-sources.ts';

const expressionLimitMs = 5000;
const entryShape = z.looseObject({ display: templateSpec.optional() });

/**
 * Runs every entry of a lookup and answers what their `display` produced, flattened: a list
 * of objects (components or properties), or scalars for a property's text.
 */
export async function runLookup(
  lookup: LookupSpec,
  env: Record<string, unknown>,
  deps: LookupDeps,
): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const [key, entries] of Object.entries(lookup)) {
    const source = lookupSourceOf(key);
    if (!source) continue;
    for (const [index, entry] of (Array.isArray(entries) ? entries : [entries]).entries()) {
      const at = `${key}[${index}]`;
      try {
        const variables = { ...env, ...(await source(entry, deps)) };
        const display = entryShape.parse(entry).display;
        answers.push(...asList(display ? evaluate(display, variables) : undisplayed(variables)));
      } catch (error) {
        throw new Error(`${at}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    }
  }
  return answers;
}

const scriptOutput = z.looseObject({ stdout: z.string() });

/** Without `display`, a check's results answer; a script's answer is its stdout (canary-checker). */
function undisplayed(variables: Record<string, unknown>): unknown {
  const output = scriptOutput.safeParse(variables.results);
  return output.success ? output.data.stdout : variables.results;
}

/** Evaluates a canary-checker Template: CEL `expr`, `javascript` or a Go `template`. */
export function evaluate(template: TemplateSpec, variables: Record<string, unknown>): unknown {
  if (template.expr) return evaluateCel(template.expr, variables, expressionLimitMs);
  if (template.javascript) {
    return evaluateJavascript(template.javascript, variables, expressionLimitMs);
  }
  if (template.template) return renderTemplate(template.template, variables);
  return undefined;
}

/** JSON text is parsed; a list is flattened; anything else is one answer. */
function asList(value: unknown): unknown[] {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = value;
    }
  }
  parsed = plain(parsed);
  if (parsed === undefined || parsed === null || parsed === '') return [];
  return Array.isArray(parsed) ? parsed : [parsed];
}

/** CEL answers hold BigInt ints and Maps; components are plain JSON. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Map) {
    return Object.fromEntries([...value.entries()].map(([k, v]) => [String(k), plain(v)]));
  }
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}
