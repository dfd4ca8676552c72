import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const sqlServerConnection: ConnectionTypeDefinition = {
  type: 'sql_server',
  label: 'SQL Server',
  fields: endpointFields('sqlserver://$(username):$(password)@localhost:1433?database=master'),
};
