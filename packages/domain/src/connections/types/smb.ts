import {
  encodedProperty,
  propertyText,
  type ConnectionTypeDefinition,
} from '../connection-type.ts';
import { property } from '../connection-fields.ts';

export const smbConnection: ConnectionTypeDefinition = {
  type: 'smb',
  label: 'SMB',
  fields: [
    property('server', 'Server', { required: true }),
    { kind: 'numberInput', key: 'properties.port', label: 'Port', default: 445 },
    property('share', 'Share'),
    property('domain', 'Domain'),
    { kind: 'authentication', label: 'Authentication', required: true },
  ],
  composeUrl: (p) =>
    `smb://${encodedProperty(p, 'server')}:${propertyText(p, 'port') || '445'}/${encodedProperty(p, 'share')}`,
};
