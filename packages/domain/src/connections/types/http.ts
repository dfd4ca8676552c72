import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const httpConnection: ConnectionTypeDefinition = {
  type: 'http',
  label: 'HTTP',
  fields: endpointFields('https://example.com', true),
};
