/** Kratos writes WebAuthn button handlers as `window.__oryWebAuthnLogin({…json…})`. */
const callPattern = /^\s*(?:window\.)?([A-Za-z_$][\w$]*)\(([\s\S]*)\)\s*;?\s*$/;

export interface ScriptCall {
  name: string;
  args: unknown[];
}

/** Reads the call in an onclick attribute; undefined when it is not a plain call with JSON. */
export function parseScriptCall(code: string): ScriptCall | undefined {
  const match = callPattern.exec(code);
  if (match?.[1] === undefined) return undefined;
  const argument = match[2]?.trim() ?? '';
  if (argument === '') return { name: match[1], args: [] };
  try {
    const parsed: unknown = JSON.parse(argument);
    return { name: match[1], args: [parsed] };
  } catch {
    return undefined;
  }
}

/**
 * Runs the function that the flow's script node defined on window, without eval, so it also
 * works under a strict Content-Security-Policy. Returns false when the function is missing.
 */
export function runScriptCall(call: ScriptCall): boolean {
  const target: unknown = Reflect.get(window, call.name);
  if (typeof target !== 'function') return false;
  Reflect.apply(target, window, call.args);
  return true;
}
