import { stringify } from 'yaml';
import type { Actor } from '../../platform/http/actor.ts';
import { requireSignedIn } from '../../platform/http/authorise.ts';
import type { AccessTokenService } from '../identity/index.ts';

/** How long a downloaded kubeconfig's token works; downloading again issues a new one. */
export const kubeconfigTokenSeconds = 90 * 24 * 3600;

/**
 * A kubeconfig with one cluster, user and context, all named after the server's host so that
 * several Vigils can be merged into one file. kubectl sends no credentials to an http server,
 * so there the token also rides in the server URL (HTTP Basic); client libraries use the
 * user's token, and refuse http without insecure-skip-tls-verify.
 */
export function buildKubeconfig(input: { server: string; token: string; namespace: string }) {
  const url = new URL(input.server);
  const name = `vigil-${url.host.replace(/[^A-Za-z0-9-]+/g, '-')}`;
  const plain = url.protocol === 'http:';
  if (plain) {
    url.username = 'vigil';
    url.password = input.token;
  }
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    preferences: {},
    clusters: [
      {
        name,
        cluster: {
          server: url.toString().replace(/\/$/, ''),
          ...(plain ? { 'insecure-skip-tls-verify': true } : {}),
        },
      },
    ],
    users: [{ name, user: { token: input.token } }],
    contexts: [{ name, context: { cluster: name, user: name, namespace: input.namespace } }],
    'current-context': name,
  });
}

export function createKubeconfigService(tokens: AccessTokenService) {
  return {
    /** A new access token for the signed-in person, wrapped in a kubeconfig for `server`. */
    async issue(actor: Actor, server: string): Promise<string> {
      const personId = requireSignedIn(actor);
      const issued = await tokens.issue({
        personId,
        name: `kubeconfig ${new Date().toISOString()}`,
        ttlSeconds: kubeconfigTokenSeconds,
        createdBy: personId,
      });
      return buildKubeconfig({ server, token: issued.token, namespace: 'default' });
    },
  };
}

export type KubeconfigService = ReturnType<typeof createKubeconfigService>;
