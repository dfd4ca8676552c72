import type { PermissionObject } from '@vigil/domain';

/** The settings list's columns (spec 002 §2), in order. */
export const listColumns = [
  'Name',
  'Source',
  'Schedule',
  'Namespace',
  'Job Status',
  'Last Run',
  'Last Failed',
  'Tags',
  'Created',
  'Updated',
  'Created By',
] as const;
export type ListColumn = (typeof listColumns)[number];

/** Detail tabs by resource type (spec 002 §2). */
export type ResourceTab = 'spec' | 'manageTeam' | 'jobHistory';

/** Where the Spec editor takes its JSON schema from, when the server publishes one. */
export type SpecSchemaSource = 'canary' | 'scrape-config' | 'topology';

/**
 * One settings table, declared once: the generic list and detail pages are configuration
 * handed to shared views (as in headlamp's resource classes).
 */
export interface ResourceDefinition {
  /** The table, and the route segment: /settings/{table}. */
  readonly table: string;
  readonly title: string;
  /** The add button's and new page's noun. */
  readonly singular: string;
  readonly permission: PermissionObject;
  /** The list's read: the {table}_with_status view, or the table itself. */
  readonly listView: string;
  /** Columns the table does not show (spec 002 §2 "Hidden columns per table"). */
  readonly hiddenColumns: readonly ListColumn[];
  readonly tabs: readonly ResourceTab[];
  /** Detail fields beyond Name and Spec that the table has. */
  readonly fields: {
    readonly icon: boolean;
    readonly namespace: boolean;
    readonly labels: boolean;
    readonly schedule: boolean;
  };
  /** job_history.resource_type of its runs, for the Job History tab. */
  readonly jobResourceType?: string;
  readonly specSchema?: SpecSchemaSource;
  /** The spec a new resource starts from, as YAML. */
  readonly specTemplate: string;
  /** Whether list rows carry agent(id,name) and created_by(id,name) embeds. */
  readonly hasAgent: boolean;
  readonly empty: string;
}

export function visibleColumns(definition: ResourceDefinition): ListColumn[] {
  return listColumns.filter((column) => !definition.hiddenColumns.includes(column));
}
