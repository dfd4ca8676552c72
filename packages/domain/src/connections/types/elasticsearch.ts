import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const elasticsearchConnection: ConnectionTypeDefinition = {
  type: 'elasticsearch',
  label: 'Elasticsearch',
  fields: endpointFields('https://localhost:9200', true),
};
