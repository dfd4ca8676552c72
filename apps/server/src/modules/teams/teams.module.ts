import { defineModule } from '../../platform/module.ts';
import { teamsResources } from './teams.resources.ts';
import { teamMembersWriteHook, teamsWriteHook } from './teams.write-hooks.ts';

/** The teams area: teams with their responder clients, and their members. */
export const teamsModule = defineModule({
  name: 'teams',
  resources: teamsResources,
  writeHooks: { teams: teamsWriteHook, team_members: teamMembersWriteHook },
});
