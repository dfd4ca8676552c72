import { stringify } from 'yaml';

/** Spec 002 §9: the default GitOps namespace. */
export const defaultGitOpsNamespace = 'mission-control';

export const gitOpsKinds = ['Catalog Scraper', 'Custom Topology', 'Log Backend'] as const;
export type GitOpsKind = (typeof gitOpsKinds)[number];

/** Kubernetes object names: lowercase alphanumerics and '-', at most 63, alphanumeric ends. */
const dns1123 = /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/;

export function gitOpsNameProblem(name: string): string | null {
  if (name.trim() === '') return 'Name is required';
  return dns1123.test(name)
    ? null
    : 'Use lowercase letters, digits and dashes (a DNS-1123 name), at most 63 characters';
}

const resources: Record<GitOpsKind, { apiVersion: string; kind: string; spec: object }> = {
  'Catalog Scraper': {
    apiVersion: 'configs.flanksource.com/v1',
    kind: 'ScrapeConfig',
    spec: { schedule: '@every 30m', kubernetes: [{ clusterName: 'cluster' }] },
  },
  'Custom Topology': {
    apiVersion: 'canaries.flanksource.com/v1',
    kind: 'Topology',
    spec: { schedule: '@every 30m', type: 'Application', components: [] },
  },
  'Log Backend': {
    apiVersion: 'mission-control.flanksource.com/v1',
    kind: 'LoggingBackend',
    spec: { loki: { url: 'http://loki:3100' } },
  },
};

export interface GitOpsFiles {
  readonly resourceFile: string;
  readonly resource: string;
  readonly kustomization: string;
  readonly apply: string;
}

/**
 * The files to commit where Flux or Argo CD applies them (or to kubectl apply against Vigil's
 * Kubernetes-style API): the resource and a kustomization that lists it.
 */
export function gitOpsFiles(kind: GitOpsKind, name: string, namespace: string): GitOpsFiles {
  const { apiVersion, kind: resourceKind, spec } = resources[kind];
  const resourceFile = `${name}.yaml`;
  return {
    resourceFile,
    resource: stringify({ apiVersion, kind: resourceKind, metadata: { name, namespace }, spec }),
    kustomization: stringify({
      apiVersion: 'kustomize.config.k8s.io/v1beta1',
      kind: 'Kustomization',
      namespace,
      resources: [resourceFile],
    }),
    apply: `kubectl apply -k .   # or: kubectl --kubeconfig vigil.kubeconfig apply -f ${resourceFile}`,
  };
}
