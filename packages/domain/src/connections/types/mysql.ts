import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const mysqlConnection: ConnectionTypeDefinition = {
  type: 'mysql',
  label: 'MySQL',
  fields: endpointFields('mysql://$(username):$(password)@tcp(localhost:3306)/mysql'),
};
