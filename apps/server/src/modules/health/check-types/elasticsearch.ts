import { defineCheckType } from './check-type.ts';
import { runSearch, searchCheck } from './search-query.ts';

/** `spec.elasticsearch[]`: a _search on an index and the hit count it must return. */
export const elasticsearchCheckType = defineCheckType({
  type: 'elasticsearch',
  schema: searchCheck,
  endpoint: (check) => check.url ?? check.connection,
  run: (check, ctx) => runSearch('elasticsearch', check, ctx),
});
