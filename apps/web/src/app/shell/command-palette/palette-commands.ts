import type { SearchKind } from '@vigil/domain';
import {
  Activity,
  Bell,
  BookOpen,
  Database,
  HeartPulse,
  Network,
  Plug,
  Server,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { NavItem } from '../nav-items.ts';

export interface PalettePage {
  readonly label: string;
  readonly to: string;
  /** Where it sits, e.g. 'Settings' for a settings page. */
  readonly section: string | null;
}

/** Every page the sidebar shows the user, settings pages included, flattened. */
export function palettePages(items: readonly NavItem[]): PalettePage[] {
  return items.flatMap((item): PalettePage[] =>
    item.children === undefined
      ? [{ label: item.label, to: item.to, section: null }]
      : item.children.map((child) => ({ label: child.label, to: child.to, section: item.label })),
  );
}

/** Pages whose name holds every word typed; all of them when nothing is typed. */
export function matchingPages(pages: readonly PalettePage[], text: string): PalettePage[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return pages.filter((page) => {
    const name = `${page.section ?? ''} ${page.label}`.toLowerCase();
    return words.every((word) => name.includes(word));
  });
}

export const kindLabels: Record<SearchKind, string> = {
  check: 'Check',
  canary: 'Canary',
  connection: 'Connection',
  person: 'Person',
  agent: 'Agent',
  notification: 'Notification',
  config: 'Config',
  component: 'Component',
  playbook: 'Playbook',
};

export const kindIcons: Record<SearchKind, LucideIcon> = {
  check: Activity,
  canary: HeartPulse,
  connection: Plug,
  person: UserRound,
  agent: Server,
  notification: Bell,
  config: Database,
  component: Network,
  playbook: BookOpen,
};
