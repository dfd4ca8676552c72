import { z } from 'zod';
import type { ScrapedAnalysis, Severity } from '../scrape-result.ts';
import { armId, itemType } from './azure-resources.ts';

export const advisorApiVersion = '2023-01-01';

export function advisorPath(subscriptionId: string): string {
  return `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Microsoft.Advisor/recommendations`;
}

export const recommendation = z
  .object({
    type: z.string().nullish(),
    properties: z
      .object({
        category: z.string().nullish(),
        impact: z.string().nullish(),
        impactedField: z.string().nullish(),
        resourceMetadata: z.object({ resourceId: z.string().nullish() }).loose().nullish(),
        shortDescription: z
          .object({ problem: z.string().nullish(), solution: z.string().nullish() })
          .loose()
          .nullish(),
        description: z.string().nullish(),
        metadata: z.unknown().optional(),
      })
      .loose()
      .nullish(),
  })
  .loose();
export type Recommendation = z.infer<typeof recommendation>;

/** config-db's analysis type by Advisor category. */
const typeByCategory: Record<string, ScrapedAnalysis['analysisType']> = {
  Cost: 'cost',
  HighAvailability: 'availability',
  OperationalExcellence: 'recommendation',
  Performance: 'performance',
  Security: 'security',
};

/** config-db's severity by Advisor impact; Low and unknown are `low`. */
function severityOf(impact: string | null | undefined): Severity {
  if (impact === 'High') return 'high';
  if (impact === 'Medium') return 'medium';
  return 'low';
}

/**
 * A recommendation becomes an open insight on the impacted resource, named by its problem;
 * those naming no resource are skipped, as config-db does.
 */
export function advisorAnalysis(item: Recommendation): ScrapedAnalysis | undefined {
  const properties = item.properties;
  const resourceId = properties?.resourceMetadata?.resourceId;
  if (!properties || !resourceId) return undefined;
  const problem = properties.shortDescription?.problem ?? '';
  const messages = [problem, properties.shortDescription?.solution, properties.description];
  return {
    config: { externalId: armId(resourceId), type: itemType(properties.impactedField ?? '') },
    analyzer: problem !== '' ? problem : (item.type ?? 'Microsoft.Advisor/recommendations'),
    analysisType: typeByCategory[properties.category ?? ''] ?? 'other',
    severity: severityOf(properties.impact),
    summary: problem,
    message: messages
      .filter((text) => text !== undefined && text !== null && text !== '')
      .join('\n'),
    analysis: properties.metadata ?? null,
    source: 'Azure Advisor',
    status: 'open',
  };
}
