/** A run's duration, compact: 450ms, 1.2s, 2m 5s, 1h 3m. */
export function formatJobDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')}s`;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  if (hours > 0) return minutes > 0 ? `${hours}h ${minutes}m` : `${hours}h`;
  return seconds > 0 ? `${minutes}m ${seconds}s` : `${minutes}m`;
}

const resourceLinks: Record<string, (id: string) => string> = {
  canary: (id) => `/settings/canaries/${id}`,
  topology: (id) => `/settings/topologies/${id}`,
  config_scraper: (id) => `/catalog/scrapers/${id}`,
};

/** Where a run's resource lives in the console (spec 002 §2 link targets), if anywhere. */
export function resourceLink(
  type: string | null | undefined,
  id: string | null | undefined,
): string | undefined {
  if (!type || !id) return undefined;
  return resourceLinks[type]?.(encodeURIComponent(id));
}

const typeLabels: Record<string, string> = {
  canary: 'Canary',
  topology: 'Topology',
  config_scraper: 'Catalog Scraper',
};

export function resourceTypeLabel(type: string | null | undefined): string {
  if (!type) return '';
  return typeLabels[type] ?? type;
}
