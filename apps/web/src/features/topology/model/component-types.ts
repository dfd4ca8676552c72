import type { TopologyComponent, topologyQuerySchema } from '@vigil/domain';
import type { z } from 'zod';

export type ComponentProperty = TopologyComponent['properties'][number];
export type ComponentSummary = TopologyComponent['summary'];
/** What the dashboard sends: the query string before the server parses it. */
export type TopologyApiQuery = z.input<typeof topologyQuerySchema>;
