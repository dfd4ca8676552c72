import type { TopologyApiQuery } from './component-types.ts';
import { z } from 'zod';

/** Spec 001 §2: the dashboard's query params. A value of 'All' is the same as no filter. */
export const topologyUrlSchema = z.object({
  labels: z.string().optional(),
  team: z.string().optional(),
  type: z.string().optional(),
  status: z.string().optional(),
  agent_id: z.string().optional(),
  showHiddenComponents: z.enum(['yes', 'no']).optional(),
  sortBy: z.string().optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
  refererId: z.string().optional(),
});

export type TopologyUrlState = z.infer<typeof topologyUrlSchema>;

export const allValue = 'All';

function filter(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === allValue ? undefined : value;
}

/** The dashboard's URL state as the topology call's query (spec 001 §7). */
export function topologyApiQuery(
  state: TopologyUrlState,
  id: string | undefined,
): TopologyApiQuery {
  const type = filter(state.type);
  return {
    ...(id === undefined ? {} : { id }),
    status: filter(state.status),
    type,
    team: filter(state.team),
    labels: filter(state.labels),
    agent_id: filter(state.agent_id),
    sortBy: state.sortBy,
    sortOrder: state.sortOrder,
    // Only a chosen type flattens the tree: its components may sit at any depth.
    flatten: type === undefined ? undefined : 'true',
    // The server leaves hidden components out unless asked for them.
    hidden: state.showHiddenComponents === 'yes' ? 'true' : undefined,
    // What the page draws: cards and their children's names, under the component when zoomed.
    depth: id === undefined ? '2' : '3',
  };
}

/** The link to a component's own page keeps the filters but drops status and the referrer. */
export function zoomInHref(
  component: { id: string; path?: string | null | undefined },
  search: URLSearchParams,
  currentId: string | undefined,
): string {
  const params = new URLSearchParams(search);
  params.delete('refererId');
  params.delete('status');
  const parentOnPath = (component.path ?? '').split('.').pop();
  if (currentId !== undefined && currentId !== component.id && parentOnPath !== currentId) {
    params.set('refererId', currentId);
  }
  const query = params.toString();
  return `/topology/${component.id}${query === '' ? '' : `?${query}`}`;
}
