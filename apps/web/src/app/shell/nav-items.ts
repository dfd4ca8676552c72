import type { PermissionObject } from '@vigil/domain';
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

/** `resource` needs read permission and `feature` is the `<feature>.disable` flag (spec 000 §6). */
export interface NavLinkItem {
  label: string;
  to: string;
  resource: PermissionObject;
  feature?: string;
}

export interface NavItem extends NavLinkItem {
  icon: LucideIcon;
  children?: readonly NavLinkItem[];
}

const settingsItems: readonly NavLinkItem[] = [
  { label: 'Connections', to: '/settings/connections', resource: 'connections' },
  { label: 'Jobs History', to: '/settings/jobs', resource: 'database', feature: 'job_history' },
  { label: 'Notifications', to: '/settings/notifications', resource: 'notifications' },
  { label: 'Feature Flags', to: '/settings/feature-flags', resource: 'properties' },
  { label: 'Log Backends', to: '/settings/logging_backends', resource: 'logging_backends' },
  { label: 'Event Queue', to: '/settings/event-queue-status', resource: 'database' },
  { label: 'Agents', to: '/settings/agents', resource: 'agents', feature: 'agents' },
  { label: 'Integrations', to: '/settings/integrations', resource: 'integrations' },
  { label: 'Health Checks', to: '/settings/canaries', resource: 'canaries', feature: 'health' },
  { label: 'Topology', to: '/settings/topologies', resource: 'topologies', feature: 'topology' },
  { label: 'Catalog Scrapers', to: '/settings/config_scrapers', resource: 'config_scrapers' },
  { label: 'Playbooks', to: '/settings/playbooks', resource: 'playbooks', feature: 'playbooks' },
  { label: 'Users', to: '/settings/users', resource: 'identities', feature: 'users' },
  { label: 'Teams', to: '/settings/teams', resource: 'database', feature: 'teams' },
];

export const navItems: readonly NavItem[] = [
  {
    label: 'Dashboard',
    to: '/topology',
    icon: LayoutDashboard,
    resource: 'topologies',
    feature: 'topology',
  },
  { label: 'Health', to: '/health', icon: Activity, resource: 'canaries', feature: 'health' },
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
    children: settingsItems,
  },
];
