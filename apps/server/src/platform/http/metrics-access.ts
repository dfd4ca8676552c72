import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ApiError, unauthenticated } from '../errors.ts';
import type { Config } from '../config.ts';
import type { Authenticator } from './actor.ts';

/** Who may read /api/metrics: it names every canary and check, so not anyone by default. */
export interface MetricsAccess {
  /** Anyone may scrape (VIGIL_METRICS_PUBLIC), for a metrics port on a private network. */
  readonly public: boolean;
  /** The bearer token a scraper sends (VIGIL_METRICS_TOKEN). */
  readonly token?: string | undefined;
  /** Signed-in people may read them too; absent where there are no sessions (the agent). */
  readonly authenticate?: Authenticator;
}

/** The settings' part of the access: who may scrape without signing in. */
export function metricsAccessOf(
  config: Pick<Config, 'VIGIL_METRICS_PUBLIC' | 'VIGIL_METRICS_TOKEN'>,
): MetricsAccess {
  return { public: config.VIGIL_METRICS_PUBLIC, token: config.VIGIL_METRICS_TOKEN };
}

const bearer = /^Bearer\s+(\S+)$/i;

/** Answers 401 unless the request is public, carries the scrape token, or is signed in. */
export async function authoriseScrape(
  request: FastifyRequest,
  access: MetricsAccess,
): Promise<void> {
  if (access.public) return;
  const sent = bearer.exec(request.headers.authorization ?? '')?.[1];
  if (sent !== undefined && access.token !== undefined && sameSecret(sent, access.token)) return;
  // Any other bearer may be a person's access token; the authenticator refuses unknown ones.
  const actor = access.authenticate ? await access.authenticate(request) : undefined;
  if (actor?.kind === 'user') return;
  throw sent === undefined ? unauthenticated() : wrongToken();
}

const wrongToken = (): ApiError =>
  new ApiError(401, 'unauthenticated', 'The metrics token is not the one configured.');

/** Equal-length digests compared in constant time, so the comparison leaks no prefix. */
function sameSecret(sent: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}
