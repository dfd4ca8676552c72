import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const googleCloudConnection: ConnectionTypeDefinition = {
  type: 'google_cloud',
  label: 'Google Cloud',
  fields: [
    property('project', 'Project'),
    { kind: 'EnvVarSource', key: 'certificate', label: 'Service Account JSON', required: true },
    { kind: 'input', key: 'url', label: 'Endpoint' },
  ],
};
