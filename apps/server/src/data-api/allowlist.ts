import type { ExposedFunction, ExposedResource } from './resource-definition.ts';

/**
 * Tables and views reachable at /api/db/{name}, each with the permission object checked
 * before any SQL runs. Anything not listed does not exist to clients: sessions,
 * access_tokens, the partitions of check_statuses and the migrations bookkeeping are never
 * exposed. Secret columns are listed in hiddenColumns.
 */
export const exposedResources: readonly ExposedResource[] = [
  // Health
  // connection_pairing_approved is set by the write hook from the writer, never by a client.
  {
    name: 'canaries',
    object: 'canaries',
    hiddenColumns: ['connection_pairing_approved'],
    writeOnlyColumns: ['connection_pairing_approved'],
  },
  { name: 'checks', object: 'canaries' },
  // The settings list: each canary with its latest and last failed run from job_history.
  { name: 'canaries_with_status', object: 'canaries', readOnly: true },
  // Results are written by the engine and agent pushes, which keep totals and rollups with them.
  { name: 'check_statuses', object: 'canaries', readOnly: true },
  { name: 'check_statuses_1h', object: 'canaries', readOnly: true },
  { name: 'check_statuses_1d', object: 'canaries', readOnly: true },
  { name: 'check_component_relationships', object: 'canaries' },
  { name: 'check_config_relationships', object: 'canaries' },
  { name: 'checks_by_component', object: 'canaries', readOnly: true },

  // Topology
  { name: 'topologies', object: 'topologies' },
  { name: 'components', object: 'topologies' },
  { name: 'component_relationships', object: 'topologies' },
  { name: 'team_components', object: 'topologies' },

  // Catalog
  { name: 'config_scrapers', object: 'config_scrapers' },
  { name: 'config_items', object: 'database' },
  { name: 'configs', object: 'database', readOnly: true },
  { name: 'config_item_summaries', object: 'database', readOnly: true },
  { name: 'config_changes', object: 'database' },
  { name: 'config_analysis', object: 'database' },
  { name: 'config_relationships', object: 'database' },
  { name: 'config_component_relationships', object: 'database' },

  // Incidents
  { name: 'incidents', object: 'incident' },
  { name: 'hypotheses', object: 'incident' },
  { name: 'incident_histories', object: 'incident' },
  { name: 'evidences', object: 'evidences' },
  { name: 'comments', object: 'comments' },
  { name: 'responders', object: 'responder' },
  { name: 'incident_rules', object: 'database' },

  // Playbooks
  { name: 'playbooks', object: 'playbooks' },
  { name: 'playbook_runs', object: 'playbook_runs' },
  { name: 'playbook_run_actions', object: 'playbook_runs' },
  { name: 'playbook_approvals', object: 'playbook_runs' },

  // Agents, people, teams, identity
  { name: 'agents', object: 'agents' },
  // The agents list: remote agents with their counts and Online/Offline (spec 000 §7).
  { name: 'agents_summary', object: 'agents', readOnly: true },
  // Everyone reads people (pickers); only admins write them: a person's own profile changes
  // through the identity settings flow, and deleted_at ends every session and token they hold.
  { name: 'people', object: 'database', writeObject: 'identities' },
  { name: 'teams', object: 'database' },
  { name: 'team_members', object: 'database' },
  { name: 'person_roles', object: 'rbac' },
  { name: 'people_roles', object: 'identities', readOnly: true },
  { name: 'identities', object: 'identities', hiddenColumns: ['credentials', 'metadata_admin'] },
  {
    name: 'identity_providers',
    object: 'identities',
    hiddenColumns: ['client_secret'],
    writeOnlyColumns: ['client_secret'],
  },

  // Settings
  {
    name: 'connections',
    object: 'connections',
    hiddenColumns: ['password', 'certificate'],
    writeOnlyColumns: ['password', 'certificate'],
  },
  // The connections list and form: static secrets masked, Secret/ConfigMap references shown.
  { name: 'connections_masked', object: 'connections', readOnly: true },
  { name: 'properties', object: 'properties' },
  { name: 'notifications', object: 'notifications' },
  { name: 'notification_send_history', object: 'notifications' },
  // The notifications settings list: each notification with its delivery figures.
  { name: 'notifications_summary', object: 'notifications', readOnly: true },
  { name: 'logging_backends', object: 'logging_backends' },
  { name: 'event_queue', object: 'database' },
  // The event queue status page: per event name, what waits and what keeps failing.
  { name: 'event_queue_summary', object: 'database', readOnly: true },
  { name: 'job_history', object: 'database' },
  // The job history page (spec 002 §7): runs with agent and resource name, and the job names.
  { name: 'job_histories', object: 'database', readOnly: true },
  { name: 'job_history_names', object: 'database', readOnly: true },
  { name: 'saved_queries', object: 'database' },
];

/** Functions reachable at /api/db/rpc/{name}. */
export const exposedFunctions: readonly ExposedFunction[] = [
  { name: 'related_configs_recursive', object: 'database' },
];
