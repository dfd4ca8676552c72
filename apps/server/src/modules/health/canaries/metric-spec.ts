import { z } from 'zod';
import { compileCel, ExpressionError } from '../expressions/cel.ts';

/** canary-checker's `metrics: [{name, type, value, labels: [{name, value | valueExpr}]}]`. */
export const metricSpecSchema = z.object({
  name: z.string().regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, 'must be a Prometheus metric name'),
  type: z.enum(['gauge', 'counter', 'histogram']),
  value: z.string().min(1),
  labels: z
    .array(
      z.object({
        name: z.string().regex(/^[a-zA-Z_][a-zA-Z0-9_]*$/, 'must be a Prometheus label name'),
        value: z.string().optional(),
        valueExpr: z.string().optional(),
      }),
    )
    .default([]),
});
export type MetricSpec = z.infer<typeof metricSpecSchema>;

/** The first problem of a check's `metrics`, named by its field, or undefined. */
export function metricsProblem(
  check: Record<string, unknown>,
): { field: string; message: string } | undefined {
  if (check.metrics === undefined) return undefined;
  const parsed = z.array(metricSpecSchema).safeParse(check.metrics);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map((p) =>
      typeof p === 'number' ? `[${p}]` : `.${String(p)}`,
    );
    return { field: `metrics${path.join('')}`, message: issue?.message ?? 'is invalid' };
  }
  for (const [index, metric] of parsed.data.entries()) {
    const expressions: Array<[string, string]> = [[`metrics[${index}].value`, metric.value]];
    for (const [at, label] of metric.labels.entries()) {
      if (label.valueExpr)
        expressions.push([`metrics[${index}].labels[${at}].valueExpr`, label.valueExpr]);
    }
    for (const [field, source] of expressions) {
      try {
        compileCel(source);
      } catch (error) {
        if (!(error instanceof ExpressionError)) throw error;
        return { field, message: `is not valid: ${error.message.split('\n')[0] ?? ''}` };
      }
    }
  }
  return undefined;
}
