import type { ResourceDefinition } from './resource-definition.ts';
import { configScrapersResource } from './resources/config-scrapers.ts';
import { incidentRulesResource } from './resources/incident-rules.ts';
import { loggingBackendsResource } from './resources/logging-backends.ts';
import { teamsResource } from './resources/teams.ts';
import { topologiesResource } from './resources/topologies.ts';

/**
 * The settings tables served by the generic pages. Canaries, connections, notifications and
 * properties (feature flags) have dedicated pages and are not listed here.
 */
export const settingsResources: readonly ResourceDefinition[] = [
  teamsResource,
  incidentRulesResource,
  configScrapersResource,
  topologiesResource,
  loggingBackendsResource,
];

export function resourceByTable(table: string): ResourceDefinition | undefined {
  return settingsResources.find((definition) => definition.table === table);
}
