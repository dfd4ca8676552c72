import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes HTML form posts (x-www-form-urlencoded) and checks its own CSRF token. */
    readonly acceptsFormPosts?: boolean;
  }
}

const safeMethods: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const formType = 'application/x-www-form-urlencoded';

/**
 * Cookies are sent by the browser on cross-site requests too, so a write that a cookie may have
 * authenticated must come from the console's own origin and carry a JSON body, which a page on
 * another origin cannot send without a CORS preflight (and Vigil grants none).
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string | undefined): void {
  const publicOrigin = publicUrl === undefined ? undefined : new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    const refusal = csrfRefusal(request, publicOrigin);
    if (refusal !== undefined) throw refusal;
  });
}

export function csrfRefusal(
  request: FastifyRequest,
  publicOrigin: string | undefined,
): ApiError | undefined {
  if (!mayRideOnCookies(request)) return undefined;
  const origin = requestOrigin(request);
  if (origin === undefined) {
    return refused('A write signed in by cookie must send an Origin or Referer header.');
  }
  if (!isOwnOrigin(origin, request.host, publicOrigin)) {
    return refused(`A write signed in by cookie must come from this console, not ${origin}.`);
  }
  if (!hasBody(request)) return undefined;
  const type = mediaType(request.headers['content-type']);
  if (isJson(type) || (type === formType && request.routeOptions.config.acceptsFormPosts)) {
    return undefined;
  }
  return refused(
    `A write signed in by cookie must send Content-Type: application/json (got ${type || 'none'}).`,
  );
}

/**
 * Only an unsafe request with cookies and no Authorization header: a browser adds cookies on
 * its own, but sends Authorization cross-site only after a preflight. Token callers (vigil
 * apply, agents, kubectl) therefore need no Origin.
 */
function mayRideOnCookies(request: FastifyRequest): boolean {
  return (
    !safeMethods.has(request.method) &&
    request.headers.cookie !== undefined &&
    request.headers.authorization === undefined
  );
}

function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (referer === undefined) return undefined;
  return URL.canParse(referer) ? new URL(referer).origin : 'null';
}

/**
 * The request's own host (the scheme is not compared: behind a TLS proxy the server sees
 * http), or VIGIL_PUBLIC_URL's origin exactly. `null` and unparsable origins never match.
 */
export function isOwnOrigin(
  origin: string,
  host: string,
  publicOrigin: string | undefined,
): boolean {
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  return parsed.origin === publicOrigin || parsed.host === host.toLowerCase();
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length ?? '0') !== '0';
}

function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** application/json and its structured suffix types (PostgREST's, Kubernetes' patches). */
function isJson(type: string): boolean {
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

function refused(message: string): ApiError {
  return new ApiError(
    403,
    'csrf_refused',
    message,
    null,
    'Send the request from the console, or authenticate with an access token.',
  );
}
