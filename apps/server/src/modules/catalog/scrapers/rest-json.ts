import type { z } from 'zod';

/**
 * One GET of a JSON REST API, failing with a message that names the scraper, the URL and what
 * went wrong (status, malformed JSON, unreachable). URLs carry no credentials: headers do.
 */
export async function getJson<T extends z.ZodType>(
  label: string,
  url: URL,
  headers: Headers,
  schema: T,
  signal: AbortSignal,
): Promise<z.infer<T>> {
  const shown = `${url.origin}${url.pathname}`;
  let response: Response;
  try {
    response = await fetch(url, { headers, signal, redirect: 'error' });
  } catch (error) {
    if (signal.aborted) throw error;
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new Error(`${label}: ${shown} could not be reached: ${reason}`, { cause: error });
  }
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${label}: ${shown} answered ${response.status} ${response.statusText}`.trim());
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    // The run's job history appends the cause's message: the parser's reason.
    throw new Error(`${label}: ${shown} answered malformed JSON`, { cause: error });
  }
  const parsed = schema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue?.path.join('.') ?? '';
    throw new Error(
      `${label}: ${shown} answered an unexpected document: ${at} ${issue?.message ?? ''}`,
    );
  }
  return parsed.data;
}

/** config-db's collections.MatchItems: no patterns match all; `!` excludes; `*` globs. */
export function matchItems(value: string, patterns: readonly string[] | undefined): boolean {
  const list = (patterns ?? []).map((pattern) => pattern.trim()).filter((p) => p !== '');
  if (list.length === 0) return true;
  const negations = list.filter((pattern) => pattern.startsWith('!'));
  if (negations.some((pattern) => globMatch(value, pattern.slice(1)))) return false;
  const positives = list.filter((pattern) => !pattern.startsWith('!'));
  return positives.length === 0 || positives.some((pattern) => globMatch(value, pattern));
}

function globMatch(value: string, pattern: string): boolean {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('.*')}$`).test(value);
}

/** A duration as Go's time.Duration.String() writes whole seconds: `45s`, `2m5s`, `1h0m0s`. */
export function goDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0) return `${hours}h${minutes}m${seconds}s`;
  if (minutes > 0) return `${minutes}m${seconds}s`;
  return `${seconds}s`;
}
