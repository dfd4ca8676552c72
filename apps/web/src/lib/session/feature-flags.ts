import type { Property } from './session-schemas.ts';

export const topLevelAreas = [
  'topology',
  'health',
  'incidents',
  'config',
  'logs',
  'playbooks',
  'agents',
] as const;

export const settingsAreas = [
  'settings.connections',
  'settings.users',
  'settings.teams',
  'settings.rules',
  'settings.config_scraper',
  'settings.topology',
  'settings.health',
  'settings.job_history',
  'settings.feature_flags',
  'settings.logging_backends',
  'settings.event_queue_status',
  'settings.organization_profile',
  'settings.notifications',
  'settings.playbooks',
  'settings.integrations',
] as const;

export type TopLevelArea = (typeof topLevelAreas)[number];
export type SettingsArea = (typeof settingsAreas)[number];
export type FeatureArea = TopLevelArea | SettingsArea;

/** Spec 000 §6: settings sub-areas that go away with their parent area. */
const parentAreas: Partial<Record<FeatureArea, TopLevelArea>> = {
  'settings.config_scraper': 'config',
  'settings.topology': 'topology',
  'settings.health': 'health',
  'settings.job_history': 'health',
};

export function disableFlagName(area: FeatureArea): string {
  return `${area}.disable`;
}

export function parentArea(area: FeatureArea): TopLevelArea | undefined {
  return parentAreas[area];
}

/** True when `<area>.disable` is 'true' for the area or for its parent area. */
export function isAreaDisabled(flags: readonly Property[], area: FeatureArea): boolean {
  const disabledByOwnFlag = flags.some(
    (flag) => flag.name === disableFlagName(area) && flag.value === 'true',
  );
  if (disabledByOwnFlag) return true;
  const parent = parentArea(area);
  return parent !== undefined && isAreaDisabled(flags, parent);
}
