import type { CheckRunContext } from './check-type.ts';
import { digestRequest } from './http-digest.ts';
import { oauth2Token, type Oauth2Spec } from './http-oauth2.ts';
import type { Exchange } from './http-redirects.ts';
import { httpRequest, send } from './http-request.ts';
import { sigV4Headers, type AwsSigV4Spec } from './http-sigv4.ts';

/** How an http check authenticates: canary-checker's fields after their values are resolved. */
export interface HttpAuthSpec {
  readonly username: string | undefined;
  readonly password: string | undefined;
  readonly digest: boolean;
  readonly oauth2: Oauth2Spec | undefined;
  readonly awsSigV4: AwsSigV4Spec | undefined;
}

/**
 * One request with the check's authentication. As in canary-checker, `oauth2` takes the
 * username and password as client id and secret (no basic auth then), `awsSigV4` signs
 * instead, `digest` answers the server's challenge, and else basic (or NTLM) auth is used.
 */
export function authenticatedExchange(spec: HttpAuthSpec, ctx: CheckRunContext): Exchange {
  const { username, password } = spec;
  const oauth2 = spec.oauth2;
  if (oauth2) {
    const client = { clientId: username ?? '', clientSecret: password ?? '' };
    return async (probe, credentialed) => {
      const plain = { ...probe, auth: undefined };
      if (!credentialed) return send(plain, probe.headers, false);
      const token = await oauth2Token(oauth2, client, ctx);
      return send(plain, { ...probe.headers, authorization: `Bearer ${token}` }, false);
    };
  }
  const sigV4 = spec.awsSigV4;
  if (sigV4) {
    return async (probe, credentialed) => {
      const plain = { ...probe, auth: undefined };
      if (!credentialed) return send(plain, probe.headers, false);
      const signer = {
        accessKeyId: (await ctx.resolveValue(sigV4.accessKey)) ?? '',
        secretAccessKey: (await ctx.resolveValue(sigV4.secretKey)) ?? '',
        sessionToken: await ctx.resolveValue(sigV4.sessionToken),
        region: sigV4.region,
        service: sigV4.service,
      };
      return send(plain, sigV4Headers(probe, signer), false);
    };
  }
  if (spec.digest && username !== undefined) {
    const credentials = { username, password: password ?? '' };
    return (probe, credentialed) =>
      credentialed
        ? digestRequest(probe, credentials, send)
        : send({ ...probe, auth: undefined }, probe.headers, false);
  }
  return basicExchange;
}

const basicExchange: Exchange = (probe, credentialed) =>
  httpRequest(credentialed ? probe : { ...probe, auth: undefined });
