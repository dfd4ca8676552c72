import {
  createConfiguration,
  PatchStrategy,
  ServerConfiguration,
  type KubeConfig,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { z } from 'zod';
import { CheckConfigError } from './check-type.ts';
import { ObjectApi, SignalAndBody } from './kube-client.ts';

/** An object as written in a check: apiVersion, kind and metadata.name are required. */
export const kubeObject = z
  .object({
    apiVersion: z.string().min(1, 'is required'),
    kind: z.string().min(1, 'is required'),
    metadata: z
      .object({ name: z.string().min(1, 'is required'), namespace: z.string().optional() })
      .loose(),
  })
  .loose();

export type KubeObject = z.infer<typeof kubeObject>;

/** `namespace/Kind/name`, as canary-checker names a resource in its messages and data. */
export function objectId(object: KubeObject): string {
  return `${object.metadata.namespace ?? ''}/${object.kind}/${object.metadata.name}`;
}

const withCode = z.object({ code: z.number() });

/** Creates, reads and deletes single objects, bound to one cluster and one run's signal. */
export class KubeObjects {
  private readonly objects: ObjectApi;
  private readonly capture: SignalAndBody;

  constructor(config: KubeConfig, signal: AbortSignal) {
    const cluster = config.getCurrentCluster();
    if (!cluster) throw new CheckConfigError('kubeconfig has no current cluster');
    this.capture = new SignalAndBody(signal);
    this.objects = new ObjectApi(
      createConfiguration({
        baseServer: new ServerConfiguration(cluster.server, {}),
        authMethods: { default: config },
        promiseMiddleware: [this.capture],
      }),
    );
  }

  /** The object with the namespace filled in when its kind is namespaced and it has none. */
  async withNamespace(object: KubeObject, namespace: string): Promise<KubeObject> {
    if (object.metadata.namespace) return object;
    const found = await this.objects.findResource(object.apiVersion, object.kind);
    if (!found) {
      throw new CheckConfigError(
        `the cluster serves no kind ${object.kind} in ${object.apiVersion}`,
      );
    }
    if (!found.namespaced) return object;
    return { ...object, metadata: { ...object.metadata, namespace } };
  }

  /** Creates the object, or merges it over the one that exists (kubectl apply's outcome). */
  async apply(object: KubeObject): Promise<void> {
    try {
      await this.objects.create(asKubernetesObject(object));
    } catch (error) {
      if (!isCode(error, 409)) throw error;
      await this.objects.patch(
        asKubernetesObject(object),
        undefined,
        undefined,
        'vigil',
        undefined,
        PatchStrategy.MergePatch,
      );
    }
  }

  /** The object as the API server has it now, or undefined when it does not exist. */
  async read(object: KubeObject): Promise<Record<string, unknown> | undefined> {
    try {
      const { name, namespace } = object.metadata;
      await this.objects.read({
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: { name, namespace },
      });
    } catch (error) {
      if (isCode(error, 404)) return undefined;
      throw error;
    }
    return z.record(z.string(), z.unknown()).parse(JSON.parse(this.capture.lastBody()));
  }

  /** Deletes at once (grace period 0); one already gone is not an error. */
  async delete(object: KubeObject, foreground: boolean): Promise<void> {
    try {
      await this.objects.delete(
        asKubernetesObject(object),
        undefined,
        undefined,
        0,
        undefined,
        foreground ? 'Foreground' : 'Background',
      );
    } catch (error) {
      if (!isCode(error, 404)) throw error;
    }
  }
}

function isCode(error: unknown, code: number): boolean {
  const parsed = withCode.safeParse(error);
  return parsed.success && parsed.data.code === code;
}

/** kubeObject's schema checks apiVersion, kind and metadata.name: all the client reads. */
function asKubernetesObject(object: KubeObject): KubernetesObject {
  return object;
}
