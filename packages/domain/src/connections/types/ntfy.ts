import { serviceOrigin } from './service-origin.ts';
import { property } from '../connection-fields.ts';
import { encodedProperty, type ConnectionTypeDefinition } from '../connection-type.ts';

export const ntfyConnection: ConnectionTypeDefinition = {
  type: 'ntfy',
  label: 'ntfy',
  notification: true,
  fields: [
    property('host', 'Host', { default: 'ntfy.sh', required: true }),
    property('topic', 'Topic', { required: true }),
    { kind: 'authentication', label: 'Authentication' },
  ],
  composeUrl: (p) => `${serviceOrigin(p, 'ntfy.sh')}/${encodedProperty(p, 'topic')}`,
};
