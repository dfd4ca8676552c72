import { storedFields } from '../../kube-fields.ts';
import type { KubeKind } from '../../kinds/kube-kind.ts';
import { crdSource, type ClusterObject, type CrdKind } from './crd-kind.ts';

/** Written by kubectl on every apply; a copy of the object, not part of it. */
const lastApplied = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * A kind the Kubernetes-style API already serves, synced from the cluster with the same field
 * rules and columns, under the cluster's source instead of the API's.
 */
export function fromKubeKind(kind: KubeKind): CrdKind {
  return {
    group: kind.group,
    version: kind.version,
    plural: kind.plural,
    kind: kind.kind,
    target: kind.target,
    columns(object: ClusterObject) {
      const { metadata } = object;
      const annotations = Object.fromEntries(
        Object.entries(metadata.annotations ?? {}).filter(([key]) => key !== lastApplied),
      );
      const incoming = {
        apiVersion: object.apiVersion,
        kind: object.kind,
        metadata: {
          name: metadata.name,
          namespace: metadata.namespace,
          labels: metadata.labels ?? {},
          annotations,
        },
        spec: object.spec,
      };
      const fields = storedFields(kind, incoming, { namespace: metadata.namespace });
      return Promise.resolve({ ...kind.toColumns(fields), source: crdSource });
    },
    deleteColumns: () => ({ ...kind.deleteColumns(), source: crdSource }),
  };
}
