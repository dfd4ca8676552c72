import { passwordField, property } from '../connection-fields.ts';
import { encodedProperty, type ConnectionTypeDefinition } from '../connection-type.ts';

export const azureDevopsConnection: ConnectionTypeDefinition = {
  type: 'azure_devops',
  label: 'Azure DevOps',
  fields: [
    property('organization', 'Organization', { required: true }),
    passwordField('Personal Access Token', true),
  ],
  composeUrl: (p) => `https://dev.azure.com/${encodedProperty(p, 'organization')}`,
};
