import { z } from 'zod';

/**
 * `spec.agentSelector`: the agents a canary runs on instead of the upstream. Each entry is an
 * agent name where `*` stands for any run of characters; an entry starting with `!` excludes.
 */
export const agentSelectorSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'entries must not be empty')
      .max(255, 'entries must be at most 255 characters')
      .refine((entry) => entry !== '!', 'entries must name an agent after !'),
  )
  .max(100, 'must list at most 100 entries');

/** An agent is selected when an including entry matches it (or none is given) and no `!` entry does. */
export function selectsAgent(selector: readonly string[], agentName: string): boolean {
  const excludes = selector.filter((entry) => entry.startsWith('!')).map((e) => e.slice(1));
  const includes = selector.filter((entry) => !entry.startsWith('!'));
  if (excludes.some((pattern) => matchesName(pattern, agentName))) return false;
  return includes.length === 0 || includes.some((pattern) => matchesName(pattern, agentName));
}

/** Glob match without regular expressions: literal parts must appear in order between the `*`s. */
function matchesName(pattern: string, name: string): boolean {
  const parts = pattern.split('*');
  if (parts.length === 1) return pattern === name;
  const first = parts[0] ?? '';
  const last = parts[parts.length - 1] ?? '';
  if (!name.startsWith(first) || name.length < first.length + last.length) return false;
  if (!name.endsWith(last)) return false;
  let at = first.length;
  const end = name.length - last.length;
  for (const part of parts.slice(1, -1)) {
    const found = name.indexOf(part, at);
    if (found < 0 || found + part.length > end) return false;
    at = found + part.length;
  }
  return true;
}
