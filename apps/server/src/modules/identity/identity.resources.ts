import type { ExposedResource } from '../../data-api/resource-definition.ts';

/** People, teams and identities at /api/db; sessions and access tokens are never exposed. */
export const identityResources: readonly ExposedResource[] = [
  // Everyone reads people (pickers); only admins write them: a person's own profile changes
  // through the identity settings flow, and deleted_at ends every session and token they hold.
  { name: 'people', object: 'database', writeObject: 'identities' },
  { name: 'people_roles', object: 'identities', readOnly: true },
  { name: 'identities', object: 'identities', hiddenColumns: ['credentials', 'metadata_admin'] },
  {
    name: 'identity_providers',
    object: 'identities',
    hiddenColumns: ['client_secret'],
    writeOnlyColumns: ['client_secret'],
  },
];
