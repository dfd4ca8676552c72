import { ExpressionError } from '../cel.ts';

/** A template that does not parse or cannot render; callers catch ExpressionError. */
export class TemplateError extends ExpressionError {}
