/** Where a kind is listed: its group version, plural and whether it lives in a namespace. */
export interface KindRoute {
  readonly apiVersion: string;
  readonly kind: string;
  readonly plural: string;
  readonly namespaced: boolean;
}

const known: readonly KindRoute[] = [
  { apiVersion: 'v1', kind: 'Namespace', plural: 'namespaces', namespaced: false },
  { apiVersion: 'v1', kind: 'Node', plural: 'nodes', namespaced: false },
  { apiVersion: 'v1', kind: 'Pod', plural: 'pods', namespaced: true },
  { apiVersion: 'v1', kind: 'Service', plural: 'services', namespaced: true },
  { apiVersion: 'v1', kind: 'Endpoints', plural: 'endpoints', namespaced: true },
  { apiVersion: 'v1', kind: 'ConfigMap', plural: 'configmaps', namespaced: true },
  { apiVersion: 'v1', kind: 'Secret', plural: 'secrets', namespaced: true },
  { apiVersion: 'v1', kind: 'ServiceAccount', plural: 'serviceaccounts', namespaced: true },
  { apiVersion: 'v1', kind: 'PersistentVolume', plural: 'persistentvolumes', namespaced: false },
  {
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    plural: 'persistentvolumeclaims',
    namespaced: true,
  },
  { apiVersion: 'v1', kind: 'Event', plural: 'events', namespaced: true },
  { apiVersion: 'apps/v1', kind: 'Deployment', plural: 'deployments', namespaced: true },
  { apiVersion: 'apps/v1', kind: 'ReplicaSet', plural: 'replicasets', namespaced: true },
  { apiVersion: 'apps/v1', kind: 'StatefulSet', plural: 'statefulsets', namespaced: true },
  { apiVersion: 'apps/v1', kind: 'DaemonSet', plural: 'daemonsets', namespaced: true },
  { apiVersion: 'batch/v1', kind: 'Job', plural: 'jobs', namespaced: true },
  { apiVersion: 'batch/v1', kind: 'CronJob', plural: 'cronjobs', namespaced: true },
  { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress', plural: 'ingresses', namespaced: true },
];

/** What an entry without `watch` scrapes (Event feeds changes, not items). */
export const defaultKinds: readonly KindRoute[] = known;

/** The route of a `watch` entry: a known kind, else the lower-cased plural by convention. */
export function routeOf(apiVersion: string, kind: string): KindRoute {
  const found = known.find((k) => k.kind.toLowerCase() === kind.toLowerCase());
  if (found && (found.apiVersion === apiVersion || apiVersion === '')) return found;
  const lower = kind.toLowerCase();
  const plural = lower.endsWith('s')
    ? `${lower}es`
    : lower.endsWith('y')
      ? `${lower.slice(0, -1)}ies`
      : `${lower}s`;
  return { apiVersion, kind, plural, namespaced: found?.namespaced ?? true };
}

/** The collection path of a kind, in one namespace or across all of them. */
export function collectionPath(route: KindRoute, namespace: string | undefined): string {
  const base = route.apiVersion.includes('/')
    ? `/apis/${route.apiVersion}`
    : `/api/${route.apiVersion}`;
  const ns = route.namespaced && namespace ? `/namespaces/${encodeURIComponent(namespace)}` : '';
  return `${base}${ns}/${route.plural}`;
}
