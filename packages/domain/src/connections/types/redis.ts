import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const redisConnection: ConnectionTypeDefinition = {
  type: 'redis',
  label: 'Redis',
  fields: [
    ...endpointFields('redis://localhost:6379'),
    { kind: 'numberInput', key: 'properties.db', label: 'Database', default: 0 },
  ],
};
