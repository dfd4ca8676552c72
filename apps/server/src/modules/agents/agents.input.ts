import type { z } from 'zod';
import { badRequest } from '../../platform/errors.ts';

/** Parses a request's input, or answers 400 naming the first field that is wrong. */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  const message = issue?.message ?? 'is invalid';
  const details = parsed.error.issues
    .slice(0, 10)
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
    .join('; ');
  throw badRequest(field && !message.startsWith(field) ? `${field}: ${message}` : message, details);
}
