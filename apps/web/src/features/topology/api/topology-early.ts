import { startEarlyGet } from '@/lib/early-request.ts';
import { buildUrl } from '@/lib/http.ts';
import { parseUrlState } from '@/lib/url-state.ts';
import { topologyApiQuery, topologyUrlSchema } from '../model/topology-url-state.ts';

/**
 * The /topology routes' loader: asks for the tree while the page's code still loads. The URL
 * is built as the page's own query builds it, so that the page takes this answer.
 */
export function startTopologyEarly(pageUrl: string, id: string | undefined): null {
  const state = parseUrlState(topologyUrlSchema, new URL(pageUrl).searchParams);
  startEarlyGet(buildUrl('root', '/topology', topologyApiQuery(state, id)));
  return null;
}
