import { passwordField } from '../connection-fields.ts';
import type { ConnectionTypeDefinition } from '../connection-type.ts';

export const githubConnection: ConnectionTypeDefinition = {
  type: 'github',
  label: 'GitHub',
  fields: [
    passwordField('Personal Access Token', true),
    { kind: 'input', key: 'url', label: 'API URL', placeholder: 'https://api.github.com' },
  ],
};
