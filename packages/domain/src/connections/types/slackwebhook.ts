import { serviceOrigin } from './service-origin.ts';
import { passwordField } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const slackwebhookConnection: ConnectionTypeDefinition = {
  type: 'slackwebhook',
  label: 'Slack Webhook',
  notification: true,
  fields: [
    {
      ...passwordField('Webhook Token', true),
      hint: 'The T…/B…/… part of https://hooks.slack.com/services/T…/B…/…',
    },
  ],
  composeUrl: (p) => `${serviceOrigin(p, 'hooks.slack.com')}/services/$(password)`,
};
