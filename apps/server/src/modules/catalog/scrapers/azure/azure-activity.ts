import { z } from 'zod';
import type { ScrapedChange, Severity } from '../scrape-result.ts';
import { armId, itemType, typePrefix } from './azure-resources.ts';

/** config-db reads the last 7 days of the activity log (it keeps no cursor across restarts). */
export const activityLogMaxAgeMs = 7 * 86_400_000;
export const activityLogApiVersion = '2015-04-01';

/** The fields config-db selects (`$select`); `resourceType` is needed though undocumented. */
export const activityLogSelect = [
  'authorization',
  'correlationId',
  'description',
  'eventDataId',
  'eventName',
  'eventTimestamp',
  'httpRequest',
  'level',
  'operationId',
  'operationName',
  'properties',
  'resourceGroupName',
  'resourceId',
  'resourceProviderName',
  'resourceType',
  'status',
  'submissionTimestamp',
  'subscriptionId',
  'subStatus',
].join(',');

export function activityLogPath(subscriptionId: string): string {
  return `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Microsoft.Insights/eventtypes/management/values`;
}

/** `$filter` for events since the cutoff, as config-db writes it (RFC 3339, whole seconds). */
export function activityLogFilter(since: Date): string {
  return `eventTimestamp ge '${since.toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
}

const localizable = z.object({ value: z.string().nullish(), localizedValue: z.string().nullish() });

export const activityEvent = z
  .object({
    correlationId: z.string().nullish(),
    eventTimestamp: z.string().nullish(),
    level: z.string().nullish(),
    operationName: localizable.loose().nullish(),
    resourceId: z.string().nullish(),
    resourceType: localizable.loose().nullish(),
    status: localizable.loose().nullish(),
  })
  .loose();
export type ActivityEvent = z.infer<typeof activityEvent>;

/** config-db's severity from the event level. */
function severityOf(level: string | null | undefined): Severity {
  const byLevel: Record<string, Severity> = {
    Critical: 'critical',
    Error: 'high',
    Warning: 'medium',
    Verbose: 'low',
  };
  return byLevel[level ?? ''] ?? 'info';
}

/**
 * Events of one correlation id (one operation's Started, Accepted, Succeeded…) become one change,
 * as in config-db: the newest event's fields, the oldest event's time, and each status's time.
 * `excluded` operation names (`exclusions.activityLogs`) are dropped.
 */
export function activityChanges(
  events: readonly ActivityEvent[],
  excluded: readonly string[],
): ScrapedChange[] {
  const byCorrelation = new Map<string, ActivityEvent[]>();
  for (const event of events) {
    const operation = event.operationName?.value ?? '';
    if (excluded.includes(operation) || !event.resourceId) continue;
    const key = event.correlationId ?? '';
    byCorrelation.set(key, [...(byCorrelation.get(key) ?? []), event]);
  }
  const changes: ScrapedChange[] = [];
  for (const [correlationId, group] of byCorrelation) {
    const sorted = [...group].sort((a, b) => timeOf(b) - timeOf(a));
    const [newest] = sorted;
    const oldest = sorted.at(-1);
    if (!newest || !oldest) continue;
    const timestamps: Record<string, string> = {};
    for (const event of sorted) {
      const status = event.status?.value?.toLowerCase() ?? '';
      if (status !== '' && event.eventTimestamp) {
        timestamps[status] = event.eventTimestamp;
      }
    }
    changes.push({
      config: {
        externalId: armId(newest.resourceId ?? ''),
        type: itemType(newest.resourceType?.value ?? ''),
      },
      ...(correlationId !== '' ? { externalChangeId: correlationId } : {}),
      changeType: newest.operationName?.value ?? 'Unknown',
      severity: severityOf(newest.level),
      source: `${typePrefix}ActivityLog`,
      summary: newest.operationName?.localizedValue ?? '',
      details: { ...newest, timestamps },
      ...(oldest.eventTimestamp ? { createdAt: new Date(oldest.eventTimestamp) } : {}),
    });
  }
  return changes;
}

function timeOf(event: ActivityEvent): number {
  const time = Date.parse(event.eventTimestamp ?? '');
  return Number.isNaN(time) ? 0 : time;
}
