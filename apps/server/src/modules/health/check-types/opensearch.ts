import { defineCheckType } from './check-type.ts';
import { runSearch, searchCheck } from './search-query.ts';

/** `spec.opensearch[]`: a _search on an index and the hit count it must return. */
export const opensearchCheckType = defineCheckType({
  type: 'opensearch',
  schema: searchCheck,
  endpoint: (check) => check.url ?? check.connection,
  run: (check, ctx) => runSearch('opensearch', check, ctx),
});
