import { serviceOrigin } from './service-origin.ts';
import { passwordField, property } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const teamsConnection: ConnectionTypeDefinition = {
  type: 'teams',
  label: 'Microsoft Teams',
  notification: true,
  fields: [
    property('host', 'Host', { required: true, placeholder: 'example.webhook.office.com' }),
    {
      ...passwordField('Webhook Path', true),
      hint: 'What follows the host in the incoming webhook URL, e.g. webhookb2/…',
    },
  ],
  composeUrl: (p) => `${serviceOrigin(p, '')}/$(password)`,
};
