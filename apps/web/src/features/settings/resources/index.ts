// The generic settings resources' public surface: integrations edit topologies and log
// backends with the same form, and scrapers' specs with the same YAML helpers.
export { ResourceForm } from './components/resource-form.tsx';
export { ResourceJobs } from './components/resource-jobs.tsx';
export { useResourceQuery } from './api/resources-query.ts';
export { useDeleteResource, useSaveResource } from './api/save-resource.ts';
export { useSpecSchemaQuery } from './api/spec-schema-query.ts';
export { resourceByTable } from './model/resource-registry.ts';
export { configScrapersResource } from './model/resources/config-scrapers.ts';
export { topologiesResource } from './model/resources/topologies.ts';
export { loggingBackendsResource } from './model/resources/logging-backends.ts';
export type { ResourceDefinition } from './model/resource-definition.ts';
export { parseSpecYaml, specSchemaOf, specToYaml } from './model/spec-yaml.ts';
export { TagsCell } from './components/tags-cell.tsx';
