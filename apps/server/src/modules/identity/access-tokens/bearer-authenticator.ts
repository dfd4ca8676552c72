import { DomainError } from '../../../platform/errors.ts';
import type { Authenticator } from '../../../platform/http/actor.ts';
import { tokenPrefix, type AccessTokenService } from './access-tokens.service.ts';

const bearer = /^Bearer\s+(\S*)\s*$/i;
const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i;

/**
 * `Authorization: Bearer <token>` names the caller by an access token; so does HTTP Basic
 * whose password is an access token, which is all kubectl sends over plain http (the token in
 * the server URL). Otherwise the session cookie names the caller. A token that is unknown or
 * expired is refused outright (401), as a Kubernetes API server does.
 */
export function bearerOrSession(
  tokens: AccessTokenService,
  sessions: Authenticator,
): Authenticator {
  return async (request) => {
    const token = tokenIn(request.headers.authorization);
    if (token === undefined) return sessions(request);
    const actor = token === '' ? undefined : await tokens.authenticate(token);
    if (!actor) throw invalidToken();
    return actor;
  };
}

/** The access token a header carries: '' for an empty bearer, undefined for none at all. */
function tokenIn(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const bearerToken = bearer.exec(header)?.[1];
  if (bearerToken !== undefined) return bearerToken;
  const credentials = basic.exec(header)?.[1];
  if (credentials === undefined) return undefined;
  const decoded = Buffer.from(credentials, 'base64').toString('utf8');
  const password = decoded.slice(decoded.indexOf(':') + 1);
  return password.startsWith(tokenPrefix) ? password : undefined;
}

export const invalidToken = (): DomainError =>
  new DomainError(
    'unauthenticated',
    'The access token is unknown or has expired.',
    null,
    'Download a new kubeconfig or create a new access token.',
  );
