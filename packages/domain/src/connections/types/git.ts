import { urlField } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const gitConnection: ConnectionTypeDefinition = {
  type: 'git',
  label: 'Git',
  fields: [
    { ...urlField(), placeholder: 'https://github.com/org/repo.git' },
    { kind: 'input', key: 'properties.ref', label: 'Ref', default: 'main' },
    {
      kind: 'ConnectionSwitch',
      key: 'properties.authentication',
      label: 'Authentication',
      default: 'basic',
      options: [
        { value: 'basic', fields: [{ kind: 'authentication', label: 'Basic' }] },
        {
          value: 'ssh',
          fields: [
            { kind: 'EnvVarSource', key: 'certificate', label: 'SSH Private Key', required: true },
          ],
        },
      ],
    },
  ],
};
