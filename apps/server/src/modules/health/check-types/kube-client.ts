import {
  ApiException,
  ApisApi,
  CoreV1Api,
  createConfiguration,
  KubeConfig,
  KubernetesObjectApi,
  ResponseContext,
  ServerConfiguration,
  type Configuration,
  type Middleware,
  type RequestContext,
} from '@kubernetes/client-node';
import { z } from 'zod';
import { CheckConfigError } from './check-type.ts';

/** A kubeconfig (its YAML, or a path starting with `/`) made into a config; bad ones are config errors. */
export function loadKubeConfig(source: string | undefined): KubeConfig {
  const config = new KubeConfig();
  try {
    if (source === undefined) config.loadFromDefault();
    else if (source.startsWith('/')) config.loadFromFile(source);
    else config.loadFromString(source);
  } catch (error) {
    throw new CheckConfigError(`kubeconfig cannot be read: ${kubeErrorText(error)}`);
  }
  if (!config.getCurrentCluster()) throw new CheckConfigError('kubeconfig has no current cluster');
  return config;
}

/** Sets the check's abort signal on each request and keeps the last body as the server sent it. */
export class SignalAndBody implements Middleware {
  private body = '';
  constructor(private readonly signal: AbortSignal) {}

  async pre(context: RequestContext): Promise<RequestContext> {
    context.setSignal(this.signal);
    return context;
  }

  async post(response: ResponseContext): Promise<ResponseContext> {
    const text = await response.body.text();
    this.body = text;
    const body = { text: async () => text, binary: async () => Buffer.from(text) };
    return new ResponseContext(response.httpStatusCode, response.headers, body);
  }

  lastBody(): string {
    return this.body;
  }
}

/** Exposes the library's cached API discovery (kind → resource) for a group version. */
export class ObjectApi extends KubernetesObjectApi {
  findResource(apiVersion: string, kind: string) {
    return this.resource(apiVersion, kind);
  }
}

const objectList = z.object({ items: z.array(z.record(z.string(), z.unknown())) });

export interface KindResource {
  readonly apiVersion: string;
  readonly namespaced: boolean;
}

/** The list calls a kubernetes check makes, bound to one cluster and one run's signal. */
export class KubeLister {
  private readonly objects: ObjectApi;
  private readonly core: CoreV1Api;
  private readonly apis: ApisApi;
  private readonly capture: SignalAndBody;

  constructor(config: KubeConfig, signal: AbortSignal) {
    const cluster = config.getCurrentCluster();
    if (!cluster) throw new CheckConfigError('kubeconfig has no current cluster');
    this.capture = new SignalAndBody(signal);
    const configuration: Configuration = createConfiguration({
      baseServer: new ServerConfiguration(cluster.server, {}),
      authMethods: { default: config },
      promiseMiddleware: [this.capture],
    });
    this.objects = new ObjectApi(configuration);
    this.core = new CoreV1Api(configuration);
    this.apis = new ApisApi(configuration);
  }

  /** Finds the group version serving `kind`: the one asked for, else the core group, then each group's preferred version. */
  async resolveKind(kind: string, wanted?: string): Promise<KindResource> {
    if (wanted) {
      const found = await this.objects.findResource(wanted, kind).catch((error: unknown) => {
        if (error instanceof ApiException && error.code === 404) return undefined;
        throw error;
      });
      if (found) return { apiVersion: wanted, namespaced: found.namespaced };
      throw new CheckConfigError(`the cluster serves no kind ${kind} in ${wanted}`);
    }
    const core = await this.objects.findResource('v1', kind);
    if (core) return { apiVersion: 'v1', namespaced: core.namespaced };
    const groups = await this.apis.getAPIVersions();
    for (const group of groups.groups) {
      const apiVersion = group.preferredVersion?.groupVersion ?? group.versions[0]?.groupVersion;
      if (!apiVersion) continue;
      // An aggregated API that is down must not hide the kinds of the other groups.
      const found = await this.objects.findResource(apiVersion, kind).catch(() => undefined);
      if (found) return { apiVersion, namespaced: found.namespaced };
    }
    throw new CheckConfigError(`the cluster serves no kind ${kind}`);
  }

  async namespaces(labelSelector?: string, fieldSelector?: string): Promise<string[]> {
    const list = await this.core.listNamespace({ labelSelector, fieldSelector });
    return list.items.flatMap((item) => (item.metadata?.name ? [item.metadata.name] : []));
  }

  /** The objects as the API server sent them (not the client's typed models). */
  async list(
    resource: KindResource,
    kind: string,
    namespace: string | undefined,
    labelSelector?: string,
    fieldSelector?: string,
  ): Promise<Array<Record<string, unknown>>> {
    const { apiVersion } = resource;
    const ns = resource.namespaced ? namespace : undefined;
    await this.objects.list(
      apiVersion,
      kind,
      ns,
      undefined,
      undefined,
      undefined,
      fieldSelector,
      labelSelector,
    );
    const parsed = objectList.safeParse(JSON.parse(this.capture.lastBody()));
    if (!parsed.success) throw new Error(`the ${kind} list is not a Kubernetes list`);
    // List items carry no kind or apiVersion of their own.
    return parsed.data.items.map((item) => ({ apiVersion, kind, ...item }));
  }
}

const statusBody = z.object({ message: z.string() });

/** A short reason for a failed API call: the Status message when the server sent one. */
export function kubeErrorText(error: unknown): string {
  if (error instanceof ApiException) {
    const body: unknown = error.body;
    let text: unknown = body;
    if (typeof body === 'string') {
      try {
        text = JSON.parse(body);
      } catch {
        text = body;
      }
    }
    const status = statusBody.safeParse(text);
    return `API server answered ${error.code}${status.success ? `: ${status.data.message}` : ''}`;
  }
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
