import { property, urlField } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const genericWebhookConnection: ConnectionTypeDefinition = {
  type: 'generic_webhook',
  label: 'Generic Webhook',
  notification: true,
  fields: [
    { ...urlField('Webhook URL'), placeholder: 'https://example.com/hook' },
    {
      kind: 'SwitchField',
      key: 'properties.method',
      label: 'Method',
      options: ['POST', 'PUT', 'PATCH'],
      default: 'POST',
    },
    property('contentType', 'Content type', { default: 'application/json' }),
    property('messageKey', 'Message key', { default: 'message' }),
    property('titleKey', 'Title key', { default: 'title' }),
    { kind: 'authentication', label: 'Authentication' },
  ],
};
