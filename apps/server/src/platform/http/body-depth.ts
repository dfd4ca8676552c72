import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';

/**
 * The deepest nesting a request body may have. Validators and walkers recurse per level, so a
 * body thousands of levels deep would overflow the stack; real bodies stay far below this.
 */
export const maxBodyDepth = 64;

export const tooDeepMessage = `The body nests deeper than ${maxBodyDepth} levels.`;

const quote = 0x22;
const backslash = 0x5c;
const opening = new Set([0x7b, 0x5b]);
const closing = new Set([0x7d, 0x5d]);

/** Whether JSON text opens more than `limit` objects or arrays at once: one pass, no recursion. */
export function jsonNestsTooDeep(text: string, limit = maxBodyDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === backslash) index += 1;
      else if (code === quote) inString = false;
    } else if (code === quote) {
      inString = true;
    } else if (opening.has(code)) {
      depth += 1;
      if (depth > limit) return true;
    } else if (closing.has(code)) {
      depth -= 1;
    }
  }
  return false;
}

/** Whether a parsed value (YAML, say) nests deeper than `limit`, walked with an explicit stack. */
export function valueNestsTooDeep(value: unknown, limit = maxBodyDepth): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next.value !== 'object' || next.value === null) continue;
    const depth = next.depth + 1;
    if (depth > limit) return true;
    for (const child of Object.values(next.value)) pending.push({ value: child, depth });
  }
  return false;
}

/**
 * Fastify's own JSON parser (with its prototype-poisoning checks), behind the depth check, so a
 * too-deep body gets a 400 before any parsing or work.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsTooDeep(text)) {
      done(badRequest(tooDeepMessage), undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
