import { z } from 'zod';
import { compileCel, ExpressionError } from '../expressions/cel.ts';
import { validateTemplate } from '../expressions/go-template/template.ts';
import { validateJavascript } from '../expressions/javascript.ts';

const expressionFields = ['test', 'display', 'transform'] as const;
const declared = z.object({
  expr: z.string().optional(),
  template: z.string().optional(),
  javascript: z.string().optional(),
});

/** The first of a check's expressions that does not compile, named by its field. */
export function expressionProblem(
  check: Record<string, unknown>,
): { field: string; message: string } | undefined {
  for (const field of expressionFields) {
    const parsed = declared.safeParse(check[field]);
    if (!parsed.success) continue;
    let kind = 'javascript';
    try {
      if (parsed.data.javascript !== undefined) validateJavascript(parsed.data.javascript);
      kind = 'expr';
      if (parsed.data.expr !== undefined) compileCel(parsed.data.expr);
      kind = 'template';
      if (parsed.data.template !== undefined) validateTemplate(parsed.data.template);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      return { field: `${field}.${kind}`, message: `is not valid: ${firstLine(error.message)}` };
    }
  }
  return templatedFieldProblem(check);
}

/**
 * Fields canary-checker renders as Go templates (`query`; `body` with `templateBody`; `url`),
 * checked by name as its struct templater finds them by tag. `$( … )` waits for the run.
 */
function templatedFieldProblem(
  check: Record<string, unknown>,
): { field: string; message: string } | undefined {
  const fields = ['query', 'url', 'endpoint'];
  if (check.templateBody === true) fields.push('body');
  for (const field of fields) {
    const source = check[field];
    if (typeof source !== 'string' || !source.includes('{{')) continue;
    try {
      validateTemplate(source);
    } catch (error) {
      if (!(error instanceof ExpressionError)) throw error;
      return { field, message: `is not a valid template: ${firstLine(error.message)}` };
    }
  }
  return undefined;
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}
