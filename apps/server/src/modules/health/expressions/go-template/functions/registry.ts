/** A template function: plain arguments in, a plain value out; it throws an Error to fail. */
export type TemplateFunction = (...args: unknown[]) => unknown;

/** One family of functions (strings, conv, data …), each under its template name. */
export type FunctionFamily = Readonly<Record<string, TemplateFunction>>;
