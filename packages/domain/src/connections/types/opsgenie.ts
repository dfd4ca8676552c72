import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import { propertyText, type ConnectionTypeDefinition } from '../connection-type.ts';

export const opsgenieConnection: ConnectionTypeDefinition = {
  type: 'opsgenie',
  label: 'OpsGenie',
  notification: true,
  fields: [
    property('host', 'Host', { default: 'api.opsgenie.com', required: true }),
    { kind: 'numberInput', key: 'properties.port', label: 'Port', default: 443 },
    passwordField('API Key', true),
  ],
  composeUrl: (p) =>
    `${serviceOrigin(p, 'api.opsgenie.com', propertyText(p, 'port') || '443')}/v2/alerts`,
};
