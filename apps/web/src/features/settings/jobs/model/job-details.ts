import type { JobDetails } from '@vigil/domain';

export const jobDetailTabs = [
  { key: 'errors', label: 'Errors' },
  { key: 'scrape_summary', label: 'Scrape Summary' },
  { key: 'summary', label: 'Summary' },
] as const;
export type JobDetailTab = (typeof jobDetailTabs)[number]['key'];

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * The tabs with something to show, in the spec's order (002 §4): the dialog opens on the
 * first, and does not open at all when there is none.
 */
export function availableTabs(details: JobDetails | null | undefined): JobDetailTab[] {
  if (details === null || details === undefined) return [];
  return jobDetailTabs.filter((tab) => !isEmpty(details[tab.key])).map((tab) => tab.key);
}

/** Errors read as lines of text; summaries as indented JSON. */
export function tabText(details: JobDetails, tab: JobDetailTab): string {
  const value = details[tab];
  if (tab === 'errors' && Array.isArray(value)) {
    return value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item))).join('\n');
  }
  return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
}
