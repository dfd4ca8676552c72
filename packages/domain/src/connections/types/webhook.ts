import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const webhookConnection: ConnectionTypeDefinition = {
  type: 'webhook',
  label: 'Webhook',
  fields: endpointFields('https://example.com/hook', true),
};
