import type { PermissionObject } from '@vigil/domain';
import type { FeatureArea } from '@/lib/session/feature-flags.ts';
import {
  Activity,
  BookOpen,
  Database,
  LayoutDashboard,
  ScrollText,
  Settings,
  Siren,
  type LucideIcon,
} from 'lucide-react';

/**
 * `resource` needs read permission, `feature` is the area of the `<area>.disable` flag (spec 000
 * §6), and `inHealthEdition` keeps the item in the health-check-only edition.
 */
export interface NavLinkItem {
  label: string;
  to: string;
  resource: PermissionObject;
  feature?: FeatureArea;
  inHealthEdition?: boolean;
}

export interface NavItem extends NavLinkItem {
  icon: LucideIcon;
  children?: readonly NavLinkItem[];
}

const settingsItems: readonly NavLinkItem[] = [
  {
    label: 'Connections',
    to: '/settings/connections',
    resource: 'connections',
    feature: 'settings.connections',
    inHealthEdition: true,
  },
  {
    label: 'Jobs History',
    to: '/settings/jobs',
    resource: 'database',
    feature: 'settings.job_history',
    inHealthEdition: true,
  },
  {
    label: 'Notifications',
    to: '/settings/notifications',
    resource: 'notifications',
    feature: 'settings.notifications',
    inHealthEdition: true,
  },
  {
    label: 'Feature Flags',
    to: '/settings/feature-flags',
    resource: 'properties',
    feature: 'settings.feature_flags',
    inHealthEdition: true,
  },
  {
    label: 'Log Backends',
    to: '/settings/logging_backends',
    resource: 'logging_backends',
    feature: 'settings.logging_backends',
  },
  {
    label: 'Event Queue',
    to: '/settings/event-queue-status',
    resource: 'database',
    feature: 'settings.event_queue_status',
  },
  {
    label: 'Agents',
    to: '/settings/agents',
    resource: 'agents',
    feature: 'agents',
    inHealthEdition: true,
  },
  {
    label: 'Integrations',
    to: '/settings/integrations',
    resource: 'integrations',
    feature: 'settings.integrations',
  },
  {
    label: 'Health Checks',
    to: '/settings/canaries',
    resource: 'canaries',
    feature: 'settings.health',
    inHealthEdition: true,
  },
  {
    label: 'Topology',
    to: '/settings/topologies',
    resource: 'topologies',
    feature: 'settings.topology',
  },
  {
    label: 'Catalog Scrapers',
    to: '/settings/config_scrapers',
    resource: 'config_scrapers',
    feature: 'settings.config_scraper',
  },
  {
    label: 'Playbooks',
    to: '/settings/playbooks',
    resource: 'playbooks',
    feature: 'settings.playbooks',
  },
  {
    label: 'Users',
    to: '/settings/users',
    resource: 'identities',
    feature: 'settings.users',
    inHealthEdition: true,
  },
  { label: 'Teams', to: '/settings/teams', resource: 'database', feature: 'settings.teams' },
];

export const navItems: readonly NavItem[] = [
  {
    label: 'Dashboard',
    to: '/topology',
    icon: LayoutDashboard,
    resource: 'topologies',
    feature: 'topology',
  },
  {
    label: 'Health',
    to: '/health',
    icon: Activity,
    resource: 'canaries',
    feature: 'health',
    inHealthEdition: true,
  },
  { label: 'Incidents', to: '/incidents', icon: Siren, resource: 'incident', feature: 'incidents' },
  { label: 'Catalog', to: '/catalog', icon: Database, resource: 'database', feature: 'config' },
  { label: 'Logs', to: '/logs', icon: ScrollText, resource: 'database', feature: 'logs' },
  {
    label: 'Playbooks',
    to: '/playbooks',
    icon: BookOpen,
    resource: 'playbooks',
    feature: 'playbooks',
  },
  {
    label: 'Settings',
    to: '/settings',
    icon: Settings,
    resource: 'database',
    inHealthEdition: true,
    children: settingsItems,
  },
];
