import type { ExposedFunction, ExposedResource } from '../../data-api/resource-definition.ts';

/** The catalog's tables, views and functions at /api/db (spec 001 §7 "Catalog calls"). */
export const catalogResources: readonly ExposedResource[] = [
  { name: 'config_scrapers', object: 'config_scrapers', sourceManaged: true },
  { name: 'config_scrapers_with_status', object: 'config_scrapers', readOnly: true },
  { name: 'config_items', object: 'database' },
  { name: 'config_items_last_scraped_time', object: 'database', readOnly: true },
  { name: 'configs', object: 'database', readOnly: true },
  { name: 'config_item_summaries', object: 'database', readOnly: true },
  { name: 'config_changes', object: 'database' },
  { name: 'config_analysis', object: 'database' },
  // Only manual links are written here: the write hooks refuse any other selector_id.
  { name: 'config_relationships', object: 'database' },
  { name: 'config_component_relationships', object: 'database' },
  { name: 'config_detail', object: 'database', readOnly: true },
  { name: 'config_names', object: 'database', readOnly: true },
  { name: 'config_types', object: 'database', readOnly: true },
  { name: 'config_tags', object: 'database', readOnly: true },
  { name: 'config_labels', object: 'database', readOnly: true },
  { name: 'config_statuses', object: 'database', readOnly: true },
  { name: 'config_analysis_analyzers', object: 'database', readOnly: true },
  { name: 'change_types', object: 'database', readOnly: true },
  { name: 'catalog_changes', object: 'database', readOnly: true },
  { name: 'config_analysis_items', object: 'database', readOnly: true },
  { name: 'analysis_by_component', object: 'database', readOnly: true },
  { name: 'changes_by_component', object: 'database', readOnly: true },
  { name: 'related_config_items', object: 'database', readOnly: true },
  { name: 'check_summary_for_config', object: 'canaries', readOnly: true },
];

export const catalogFunctions: readonly ExposedFunction[] = [
  { name: 'related_configs_recursive', object: 'database' },
  { name: 'lookup_analysis_by_component', object: 'database' },
];
