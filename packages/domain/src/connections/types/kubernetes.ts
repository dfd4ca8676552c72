import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const kubernetesConnection: ConnectionTypeDefinition = {
  type: 'kubernetes',
  label: 'Kubernetes',
  fields: [{ kind: 'EnvVarSource', key: 'certificate', label: 'Kubeconfig', required: true }],
};
