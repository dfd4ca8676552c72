import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const azureConnection: ConnectionTypeDefinition = {
  type: 'azure',
  label: 'Azure',
  fields: [
    property('tenant', 'Tenant ID', { required: true }),
    { kind: 'EnvVarSource', key: 'username', label: 'Client ID', required: true },
    { kind: 'EnvVarSource', key: 'password', label: 'Client Secret', required: true },
  ],
};
