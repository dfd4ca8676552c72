import https from 'node:https';
import { z } from 'zod';
import { CheckConfigError } from './env-var.ts';
import { decodeHelmRelease, newestReleaseSecret, valueAtPath } from './helm-release.ts';
import { callKubernetes, inClusterApi, type KubernetesApi } from './kubernetes-keys.ts';

/** Values canary-checker reads from the cluster itself: service account tokens, Helm values. */
export interface ClusterValues {
  serviceAccountToken(name: string): Promise<string>;
  helmValue(release: string, key: string): Promise<string>;
}

const tokenRequest = z.object({ status: z.object({ token: z.string().min(1) }) });
const secretList = z.object({
  items: z.array(
    z.object({
      metadata: z.object({ name: z.string() }),
      data: z.record(z.string(), z.string()).optional(),
    }),
  ),
});

function failure(what: string, status: number, body: unknown): CheckConfigError {
  const message = z.object({ message: z.string() }).safeParse(body);
  return new CheckConfigError(
    `${what} failed (HTTP ${status})${message.success ? `: ${message.data.message}` : ''}`,
  );
}

/** Through the API of the cluster Vigil runs in, in its own namespace. */
export function createClusterValues(api: KubernetesApi): ClusterValues {
  const agent = new https.Agent({ keepAlive: true, ...(api.ca ? { ca: api.ca } : {}) });
  const ns = `/api/v1/namespaces/${encodeURIComponent(api.namespace)}`;
  return {
    async serviceAccountToken(name) {
      const what = `a TokenRequest for service account ${name}`;
      const answer = await callKubernetes(
        api,
        agent,
        `${ns}/serviceaccounts/${encodeURIComponent(name)}/token`,
        { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
      );
      const parsed = tokenRequest.safeParse(answer.body);
      if (answer.status !== 201 && answer.status !== 200)
        throw failure(what, answer.status, answer.body);
      if (!parsed.success) throw new CheckConfigError(`${what} answered no token`);
      return parsed.data.status.token;
    },
    async helmValue(release, key) {
      const selector = encodeURIComponent(`owner=helm,name=${release}`);
      const answer = await callKubernetes(api, agent, `${ns}/secrets?labelSelector=${selector}`);
      if (answer.status !== 200)
        throw failure(`listing Helm release ${release}`, answer.status, answer.body);
      const items = secretList.parse(answer.body).items;
      const newest = newestReleaseSecret(
        release,
        items.map((item) => item.metadata.name),
      );
      const data = items.find((item) => item.metadata.name === newest)?.data?.release;
      if (data === undefined) {
        throw new CheckConfigError(
          `Helm release ${release} was not found in namespace ${api.namespace}`,
        );
      }
      const value = valueAtPath(decodeHelmRelease(data), key);
      if (value === undefined)
        throw new CheckConfigError(`Helm release ${release} has no value at ${key}`);
      return value;
    },
  };
}

/** The cluster Vigil runs in, or undefined outside one. */
export function inClusterValues(env: NodeJS.ProcessEnv): ClusterValues | undefined {
  const api = inClusterApi(env);
  return api ? createClusterValues(api) : undefined;
}
