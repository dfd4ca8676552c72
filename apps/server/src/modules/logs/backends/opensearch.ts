import { defineLogBackend } from './log-backend.ts';
import { searchApiConfig, searchIndex } from './search-api.ts';

/** `opensearch`: an OpenSearch index through its `_search` API. */
export const opensearchBackend = defineLogBackend({
  name: 'opensearch',
  schema: searchApiConfig,
  search: (ctx, config, search) => searchIndex(ctx, 'opensearch', config, search),
});
