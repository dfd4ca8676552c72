import { property } from '../connection-fields.ts';
import {
  encodedProperty,
  propertyText,
  type ConnectionTypeDefinition,
} from '../connection-type.ts';

/** SMTP delivery: `smtp://host:port/?from=…`; the credentials stay in username and password. */
export const emailConnection: ConnectionTypeDefinition = {
  type: 'email',
  label: 'Email',
  notification: true,
  fields: [
    {
      kind: 'GroupField',
      label: 'SMTP server',
      fields: [
        property('host', 'Host', { required: true, placeholder: 'smtp.example.com' }),
        { kind: 'numberInput', key: 'properties.port', label: 'Port', default: 587 },
        {
          kind: 'SwitchField',
          key: 'properties.encryption',
          label: 'Encryption',
          options: ['Auto', 'ExplicitTLS', 'ImplicitTLS', 'None'],
          default: 'Auto',
        },
        {
          kind: 'SwitchField',
          key: 'properties.auth',
          label: 'Authentication type',
          options: ['Unknown', 'None', 'Plain', 'CRAMMD5', 'OAuth2'],
          default: 'Unknown',
        },
      ],
    },
    { kind: 'authentication', label: 'Authentication' },
    property('from', 'From address', { required: true }),
    property('fromName', 'From name'),
    property('to', 'To addresses', { hint: 'Comma-separated' }),
    { kind: 'checkbox', key: 'insecure_tls', label: 'Insecure TLS', default: false },
  ],
  composeUrl: (p) => {
    const query = new URLSearchParams({
      from: propertyText(p, 'from'),
      fromName: propertyText(p, 'fromName'),
      to: propertyText(p, 'to'),
      encryption: propertyText(p, 'encryption') || 'Auto',
      auth: propertyText(p, 'auth') || 'Unknown',
    });
    const port = propertyText(p, 'port') || '587';
    return `smtp://${encodedProperty(p, 'host')}:${port}/?${query.toString()}`;
  },
};
