import { defineLogBackend } from './log-backend.ts';
import { searchApiConfig, searchIndex } from './search-api.ts';

/** `elasticsearch`: an Elasticsearch index through its `_search` API. */
export const elasticsearchBackend = defineLogBackend({
  name: 'elasticsearch',
  schema: searchApiConfig,
  search: (ctx, config, search) => searchIndex(ctx, 'elasticsearch', config, search),
});
