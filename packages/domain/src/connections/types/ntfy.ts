import { property } from '../connection-fields.ts';
import {
  encodedProperty,
  propertyText,
  type ConnectionTypeDefinition,
} from '../connection-type.ts';

export const ntfyConnection: ConnectionTypeDefinition = {
  type: 'ntfy',
  label: 'ntfy',
  notification: true,
  fields: [
    property('host', 'Host', { default: 'ntfy.sh', required: true }),
    property('topic', 'Topic', { required: true }),
    { kind: 'authentication', label: 'Authentication' },
  ],
  composeUrl: (p) =>
    `https://${propertyText(p, 'host') || 'ntfy.sh'}/${encodedProperty(p, 'topic')}`,
};
