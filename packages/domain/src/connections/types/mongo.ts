import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const mongoConnection: ConnectionTypeDefinition = {
  type: 'mongo',
  label: 'MongoDB',
  fields: endpointFields(
    'mongodb://$(username):$(password)@localhost:27017/?authSource=admin',
    true,
  ),
};
