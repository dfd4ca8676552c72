import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomToken } from '../../platform/crypto.ts';
import type { Browser } from './flows/browser.ts';
import type { SessionService } from './sessions/session.service.ts';
import { sessionCookie } from './sessions/session.service.ts';

export const csrfCookie = 'vigil_csrf';

/** Callers that asked for JSON (the SDK, fetch) get JSON; plain browser navigations redirect. */
export function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  const type = request.headers['content-type'] ?? '';
  return accept.includes('application/json') || type.includes('application/json');
}

export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The browser behind a request: its CSRF cookie (minted when missing) and live session. */
export async function browserOf(
  request: FastifyRequest,
  reply: FastifyReply,
  sessions: SessionService,
): Promise<Browser> {
  let csrf = request.cookies[csrfCookie];
  if (!csrf || csrf.length < 32) {
    csrf = randomToken();
    void reply.setCookie(csrfCookie, csrf, sessions.cookieOptions(365 * 24 * 3600));
  }
  const origin = originOf(request);
  return {
    csrfCookie: csrf,
    session: await sessions.resolve(request.cookies[sessionCookie]),
    address: request.ip,
    origin,
    requestUrl: `${origin}${request.url}`,
  };
}
