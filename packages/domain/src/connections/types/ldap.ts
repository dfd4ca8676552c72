import type { ConnectionTypeDefinition } from '../connection-type.ts';
import { endpointFields } from './database-fields.ts';

export const ldapConnection: ConnectionTypeDefinition = {
  type: 'ldap',
  label: 'LDAP',
  fields: endpointFields('ldap://localhost:389', true),
};
