import {
  encodedProperty,
  propertyText,
  type ConnectionTypeDefinition,
} from '../connection-type.ts';
import { property } from '../connection-fields.ts';

export const sftpConnection: ConnectionTypeDefinition = {
  type: 'sftp',
  label: 'SFTP',
  fields: [
    property('host', 'Host', { required: true }),
    { kind: 'numberInput', key: 'properties.port', label: 'Port', default: 22 },
    { kind: 'authentication', label: 'Authentication', required: true },
    property('path', 'Path', { placeholder: '/' }),
  ],
  composeUrl: (p) => `sftp://${encodedProperty(p, 'host')}:${propertyText(p, 'port') || '22'}`,
};
