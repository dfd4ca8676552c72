import { property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const windowsConnection: ConnectionTypeDefinition = {
  type: 'windows',
  label: 'Windows',
  fields: [
    property('domain', 'Domain'),
    { kind: 'authentication', label: 'Authentication', required: true },
  ],
};
