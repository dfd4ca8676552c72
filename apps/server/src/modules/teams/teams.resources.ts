import type { ExposedResource } from '../../data-api/resource-definition.ts';

/** Teams and their members at /api/db (spec 002 §7 Settings: GET /teams, /team_members). */
export const teamsResources: readonly ExposedResource[] = [
  { name: 'teams', object: 'database', sourceManaged: true },
  { name: 'team_members', object: 'database' },
  { name: 'teams_with_status', object: 'database', readOnly: true },
];
