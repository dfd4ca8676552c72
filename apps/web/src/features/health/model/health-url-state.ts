import { z } from 'zod';
import { defaultPageSize } from './check-rows.ts';
import { defaultDashboardRange } from './dashboard-range.ts';

/** Every query parameter of /health (spec §2.3); bad values fall back to these defaults. */
export const healthUrlSchema = z.object({
  timeRange: z.string().default(defaultDashboardRange),
  layout: z.enum(['table', 'card']).default('table'),
  checkId: z.string().optional(),
  labels: z.string().optional(),
  query: z.string().default(''),
  sortBy: z.string().default('name'),
  sortDesc: z.enum(['true', 'false']).default('false'),
  pivotBy: z.string().optional(),
  pivotLabel: z.string().optional(),
  pivotCellType: z.string().optional(),
  groupBy: z.string().default('canary_name'),
  tabBy: z.string().default('namespace'),
  tab: z.string().optional(),
  hidePassing: z.enum(['true', 'false']).default('true'),
  pageIndex: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100_000).default(defaultPageSize),
  sortOrder: z.string().optional(),
});

export type HealthUrlState = z.output<typeof healthUrlSchema>;

export const searchPlaceholder = 'Search by name, description, or endpoint';
export const searchDebounceMs = 400;
