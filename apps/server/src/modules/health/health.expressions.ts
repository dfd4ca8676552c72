/**
 * The expression engines other areas reuse (the catalog's scraper transforms): CEL and
 * JavaScript, with their error type. Import from here, never from `expressions/` directly.
 */
export { compileCel, evaluateCel, ExpressionError } from './expressions/cel.ts';
export { evaluateJavascript, validateJavascript } from './expressions/javascript.ts';
