import type { HttpAnswer, HttpProbe } from './http-request.ts';

/** canary-checker follows this many redirects when `maxRedirects` is not set. */
export const defaultMaxRedirects = 10;

/**
 * One request, called again for each redirect; `credentialed` is false once a redirect left
 * the check's host, and then the check's authentication is not sent.
 */
export type Exchange = (probe: HttpProbe, credentialed: boolean) => Promise<HttpAnswer>;

const followed = new Set([301, 302, 303, 307, 308]);
/** Go's client keeps these only when the redirect stays on the same host or a subdomain. */
const sensitive = new Set(['authorization', 'www-authenticate', 'cookie', 'cookie2']);

/**
 * Follows redirects as Go's http.Client does for canary-checker: 301, 302 and 303 turn into a
 * GET without body (HEAD stays HEAD), 307 and 308 repeat the method and body. `maxRedirects` 0
 * answers the redirect itself; more hops than allowed fail with Go's words.
 */
export async function followRedirects(
  probe: HttpProbe,
  maxRedirects: number,
  exchange: Exchange,
): Promise<HttpAnswer> {
  const started = performance.now();
  const origin = new URL(probe.url).hostname;
  let current = probe;
  for (let hops = 0; ; hops += 1) {
    const credentialed = sameOrSubdomain(origin, new URL(current.url).hostname);
    const answer = await exchange(current, credentialed);
    const location = answer.headers.location;
    if (maxRedirects === 0 || !followed.has(answer.status) || !location) {
      return hops === 0 ? answer : { ...answer, elapsedMs: elapsedSince(started) };
    }
    const next = nextProbe(current, origin, answer.status, new URL(location, current.url));
    if (hops + 1 > maxRedirects) {
      throw new Error(
        `${goMethod(current.method)} "${next.url}": stopped after ${maxRedirects} redirects`,
      );
    }
    current = next;
  }
}

function nextProbe(probe: HttpProbe, origin: string, status: number, target: URL): HttpProbe {
  const keepBody = status === 307 || status === 308;
  const method = keepBody || probe.method === 'HEAD' ? probe.method : 'GET';
  const sameSite = sameOrSubdomain(origin, target.hostname);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(probe.headers)) {
    const lower = name.toLowerCase();
    if (!sameSite && sensitive.has(lower)) continue;
    if (!keepBody && (lower === 'content-type' || lower === 'content-length')) continue;
    headers[name] = value;
  }
  return {
    ...probe,
    url: target.toString(),
    method,
    headers,
    body: keepBody ? probe.body : undefined,
  };
}

function sameOrSubdomain(from: string, to: string): boolean {
  return to === from || to.endsWith(`.${from}`);
}

/** `Get`, `Post`: how Go's url.Error names the method. */
function goMethod(method: string): string {
  return method.charAt(0) + method.slice(1).toLowerCase();
}

function elapsedSince(started: number): number {
  return Math.round(performance.now() - started);
}
