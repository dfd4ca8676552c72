import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const postgresConnection: ConnectionTypeDefinition = {
  type: 'postgres',
  label: 'PostgreSQL',
  fields: endpointFields(
    'postgres://$(username):$(password)@localhost:5432/postgres?sslmode=disable',
  ),
};
