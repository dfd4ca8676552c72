import { z } from 'zod';
import { resourceSelectorSchema } from '../playbooks/playbooks.ts';

export const resourceSearchLimitMax = 1000;

/**
 * `POST /api/resources/search` (spec 002 §7, duty's SearchResourcesRequest): the resources that
 * match any of the selectors of each kind, `limit` per kind. A selector's `search` is free text.
 */
export const resourceSearchRequestSchema = z.object({
  limit: z.number().int().min(1).max(resourceSearchLimitMax).default(50),
  configs: z.array(resourceSelectorSchema).optional(),
  components: z.array(resourceSelectorSchema).optional(),
  checks: z.array(resourceSelectorSchema).optional(),
});
export type ResourceSearchRequest = z.input<typeof resourceSearchRequestSchema>;

export const selectedResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullish(),
  namespace: z.string().nullish(),
  icon: z.string().nullish(),
  agent: z.string().nullish(),
  health: z.string().nullish(),
  status: z.string().nullish(),
});
export type SelectedResource = z.infer<typeof selectedResourceSchema>;

export const resourceSearchResponseSchema = z.object({
  configs: z.array(selectedResourceSchema).default([]),
  components: z.array(selectedResourceSchema).default([]),
  checks: z.array(selectedResourceSchema).default([]),
});
export type ResourceSearchResponse = z.infer<typeof resourceSearchResponseSchema>;
