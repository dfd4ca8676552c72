import { z } from 'zod';
import {
  failedWithoutError,
  type CheckOutcome,
  type Expression,
} from '../check-types/check-type.ts';
import { evaluateCel, ExpressionError } from './cel.ts';
import { renderTemplate } from './go-template/template.ts';
import { evaluateJavascript } from './javascript.ts';

/** The expression fields of a check, as its spec declares them. */
export interface CheckExpressions {
  readonly test?: Expression | undefined;
  readonly display?: Expression | undefined;
  readonly transform?: Expression | undefined;
  readonly markFailOnEmpty?: boolean | undefined;
}

/** One check produced by a `transform`, stored as its own check (transformed = true). */
export const transformedCheck = z
  .object({
    name: z.string().min(1).max(253),
    description: z.string().optional(),
    icon: z.string().optional(),
    namespace: z.string().optional(),
    labels: z.record(z.string(), z.coerce.string()).optional(),
    severity: z.string().optional(),
    endpoint: z.string().optional(),
    pass: z.boolean().default(true),
    invalid: z.boolean().optional(),
    message: z.coerce.string().optional(),
    error: z.coerce.string().optional(),
    duration: z.coerce.number().nonnegative().optional(),
  })
  .loose();
export type TransformedCheck = z.infer<typeof transformedCheck>;

/** A transform's single entry without a name changes the check itself (canary-checker). */
const inlineTransform = z
  .object({
    pass: z.boolean().optional(),
    invalid: z.boolean().optional(),
    message: z.coerce.string().optional(),
    error: z.coerce.string().optional(),
    detail: z.unknown().optional(),
  })
  .loose();

export interface JudgedOutcome {
  readonly pass: boolean;
  readonly invalid: boolean;
  readonly message: string | undefined;
  readonly error: string | undefined;
  /** Present when the check has a transform that ran: the checks it yields now. */
  readonly transformed: readonly TransformedCheck[] | undefined;
  /** Set by an in-line transform: replaces the details kept with the result. */
  readonly detail?: unknown;
}

/** Whether a check has any expression to apply; most have none, and skip building variables. */
export function hasExpressions(expressions: CheckExpressions): boolean {
  return (
    expressions.test !== undefined ||
    expressions.display !== undefined ||
    expressions.transform !== undefined
  );
}

/**
 * Applies a check's `test`, `display` and `transform` to what its runner found. A failed run
 * stays failed (there is nothing to test); expressions that cannot be evaluated fail the
 * check as invalid, with the expression's error after the check's own.
 */
export function judgeOutcome(
  expressions: CheckExpressions,
  outcome: CheckOutcome,
  environment: Record<string, unknown>,
  limitMs: number,
  lastResult?: unknown,
): JudgedOutcome {
  const base = {
    pass: outcome.pass,
    invalid: outcome.invalid ?? false,
    message: outcome.message,
    error: outcome.pass ? undefined : (outcome.error ?? failedWithoutError),
    transformed: undefined,
  };
  const variables = { ...celScalars(outcome.data), ...environment };
  const evaluate = (expression: Expression) =>
    evaluateExpression(expression, variables, limitMs, lastResult);
  let judged: JudgedOutcome = base;
  try {
    if (expressions.test && outcome.pass) judged = applyTest(expressions.test, judged, evaluate);
    if (expressions.display) {
      judged = { ...judged, message: text(evaluate(expressions.display)) };
    }
    if (expressions.transform && outcome.pass) {
      const result = transform(expressions.transform, evaluate);
      if ('inline' in result) return applyInline(judged, result.inline);
      const transformed = result.checks;
      if (transformed.length === 0 && expressions.markFailOnEmpty) {
        return { ...judged, pass: false, error: 'transform returned no checks', transformed };
      }
      judged = { ...judged, transformed };
    }
    return judged;
  } catch (error) {
    if (!(error instanceof ExpressionError)) throw error;
    // As canary-checker, the check's own error (or its test's) stays, with this one after it.
    const own = judged.error;
    const both = own ? `${own}, ${error.message}` : error.message;
    return { ...base, pass: false, invalid: true, error: both };
  }
}

type Evaluate = (expression: Expression) => unknown;

function applyTest(test: Expression, judged: JudgedOutcome, evaluate: Evaluate): JudgedOutcome {
  const value = evaluate(test);
  const result =
    test.javascript !== undefined
      ? parseGoBool(value)
      : test.expr !== undefined
        ? value
        : parseBooleanText(value);
  if (typeof result !== 'boolean') {
    throw new ExpressionError(`test ${describe(test)} did not return a boolean`);
  }
  return result
    ? judged
    : { ...judged, pass: false, error: `test ${describe(test)} returned false` };
}

function applyInline(judged: JudgedOutcome, inline: z.infer<typeof inlineTransform>) {
  const pass = inline.pass ?? judged.pass;
  return {
    ...judged,
    pass,
    invalid: inline.invalid ?? judged.invalid,
    message: inline.message ?? judged.message,
    error: inline.error ?? (pass ? judged.error : (judged.error ?? failedWithoutError)),
    ...(inline.detail !== undefined ? { detail: inline.detail } : {}),
  };
}

type TransformResult =
  { readonly checks: TransformedCheck[] } | { readonly inline: z.infer<typeof inlineTransform> };

function transform(expression: Expression, evaluate: Evaluate): TransformResult {
  let value = evaluate(expression);
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      throw new ExpressionError('transform did not return JSON');
    }
  }
  const list = (Array.isArray(value) ? value : [value]).map(plain);
  const only = list.length === 1 ? list[0] : undefined;
  if (typeof only === 'object' && only !== null && !('name' in only)) {
    const inline = inlineTransform.safeParse(only);
    if (inline.success) return { inline: inline.data };
  }
  const parsed = z.array(transformedCheck).safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ExpressionError(
      `transform result [${issue?.path.join('.') ?? ''}] ${issue?.message ?? 'is invalid'}`,
    );
  }
  return { checks: parsed.data };
}

function evaluateExpression(
  expression: Expression,
  variables: Record<string, unknown>,
  limitMs: number,
  lastResult: unknown,
) {
  if (expression.javascript !== undefined) {
    return evaluateJavascript(expression.javascript, variables, limitMs);
  }
  if (expression.expr !== undefined) {
    return evaluateCel(expression.expr, variables, limitMs, lastResult);
  }
  return renderTemplate(expression.template ?? '', variables);
}

/**
 * A runner's own whole numbers (code, elapsed, count) are CEL ints, as canary-checker's are,
 * so `code + 1` and `elapsed / 1000` work; decoded JSON inside them stays double, as in Go.
 */
export function celScalars(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    out[key] = typeof value === 'number' && Number.isSafeInteger(value) ? BigInt(value) : value;
  }
  return out;
}

function parseBooleanText(value: unknown): unknown {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  if (trimmed === 'true') return true;
  if (trimmed === 'false') return false;
  return value;
}

/** Go's strconv.ParseBool, which canary-checker applies to a script's answer. */
function parseGoBool(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(value)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(value)) return false;
  return value;
}

function describe(expression: Expression): string {
  return JSON.stringify(expression.javascript ?? expression.expr ?? expression.template ?? '');
}

/** CEL answers ints as BigInt and maps as Maps; stored checks and messages want plain JSON. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Map)
    return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

function text(value: unknown): string {
  const simple = plain(value);
  return typeof simple === 'string' ? simple : JSON.stringify(simple);
}
