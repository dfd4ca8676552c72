import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  Watch,
  setHeaderOptions,
} from '@kubernetes/client-node';
import { z } from 'zod';
import type { ClusterSource } from './cluster-sync.settings.ts';

/** The group, version and plural that name a custom resource's collection. */
export interface ResourceRef {
  readonly group: string;
  readonly version: string;
  readonly plural: string;
}

export interface Listed {
  readonly items: readonly unknown[];
  readonly resourceVersion: string;
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface OpenWatch {
  /** Settles when the stream ends: resolves when the server closed it, rejects on a failure. */
  readonly done: Promise<void>;
  stop(): void;
}

/** A failure the API server answered with its HTTP status (404 when a CRD is missing, 410 …). */
export class ClusterError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const listSchema = z.object({
  metadata: z.object({ resourceVersion: z.string().optional(), continue: z.string().optional() }),
  items: z.array(z.unknown()),
});
const statusBody = z.object({ message: z.string() });
const statusCoded = z.object({ statusCode: z.number() });

/** One page of a list; a long list comes in several, as the API server prefers. */
const pageSize = 500;

/** The calls the reconciler makes to the cluster, through @kubernetes/client-node. */
export interface ClusterClient {
  list(ref: ResourceRef): Promise<Listed>;
  watch(
    ref: ResourceRef,
    resourceVersion: string,
    onEvent: (type: WatchEventType, object: unknown) => void,
  ): Promise<OpenWatch>;
  patchStatus(ref: ResourceRef, namespace: string, name: string, status: unknown): Promise<void>;
}

export function loadClusterConfig(source: ClusterSource): KubeConfig {
  const config = new KubeConfig();
  if (source.kind === 'in-cluster') config.loadFromCluster();
  else if (source.kind === 'kubeconfig') config.loadFromFile(source.path);
  else config.loadFromString(source.yaml);
  if (!config.getCurrentCluster()) throw new Error('the kubeconfig names no current cluster');
  return config;
}

export function createClusterClient(config: KubeConfig): ClusterClient {
  const api = config.makeApiClient(CustomObjectsApi);
  const watcher = new Watch(config);
  return {
    async list(ref) {
      const items: unknown[] = [];
      let next: string | undefined;
      let resourceVersion = '';
      do {
        const page = listSchema.parse(
          await call(() =>
            api.listClusterCustomObject({
              ...ref,
              limit: pageSize,
              ...(next ? { _continue: next } : {}),
            }),
          ),
        );
        items.push(...page.items);
        resourceVersion = page.metadata.resourceVersion ?? resourceVersion;
        next = page.metadata.continue || undefined;
      } while (next);
      return { items, resourceVersion };
    },

    async watch(ref, resourceVersion, onEvent) {
      let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined;
      const done = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
      const controller = await watcher.watch(
        `/apis/${ref.group}/${ref.version}/${ref.plural}`,
        { resourceVersion, allowWatchBookmarks: true },
        (type: string, object: unknown) => onEvent(eventType(type), object),
        (error: unknown) => (error ? settle?.reject(asClusterError(error)) : settle?.resolve()),
      );
      return { done, stop: () => controller.abort() };
    },

    async patchStatus(ref, namespace, name, status) {
      await call(() =>
        api.patchNamespacedCustomObjectStatus(
          { ...ref, namespace, name, body: { status } },
          setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
        ),
      );
    },
  };
}

function eventType(type: string): WatchEventType {
  const known = ['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK'] as const;
  return known.find((k) => k === type) ?? 'ERROR';
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asClusterError(error);
  }
}

function asClusterError(error: unknown): unknown {
  if (error instanceof ApiException) {
    const body = statusBody.safeParse(parseJson(error.body));
    return new ClusterError(error.code, body.success ? body.data.message : error.message);
  }
  // The watch reports a refused stream as an Error carrying the HTTP status.
  const coded = statusCoded.safeParse(error);
  if (coded.success && error instanceof Error) {
    return new ClusterError(coded.data.statusCode, error.message);
  }
  return error;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed;
  } catch {
    return value;
  }
}
