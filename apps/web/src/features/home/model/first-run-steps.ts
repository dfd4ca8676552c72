import type { PermissionObject } from '@vigil/domain';
import type { InstallationCounts } from '../api/installation-query.ts';

export interface FirstRunStep {
  readonly id: 'canary' | 'agent' | 'teammate';
  readonly title: string;
  readonly text: string;
  readonly action: string;
  readonly to: string;
  /** Taking the step needs write on this object; others are told who can. */
  readonly object: PermissionObject;
  readonly done: boolean;
}

/** The first steps on a new installation, each done once the data says so. */
export function firstRunSteps(counts: InstallationCounts): FirstRunStep[] {
  return [
    {
      id: 'canary',
      title: 'Add a health check',
      text: 'Write a canary: HTTP, DNS, TCP, database and many other checks, on a schedule.',
      action: 'Add a canary',
      to: '/settings/canaries/new',
      object: 'canaries',
      done: counts.canaries > 0 || counts.checks > 0,
    },
    {
      id: 'agent',
      title: 'Register an agent',
      text: 'Run checks and scrapers close to the systems they watch, and push results here.',
      action: 'Register an agent',
      to: '/settings/agents?addAgent=true',
      object: 'agents',
      done: counts.agents > 0,
    },
    {
      id: 'teammate',
      title: 'Invite a teammate',
      text: 'Send an invitation link; roles decide what each person can see and change.',
      action: 'Invite a teammate',
      to: '/settings/users?invite=true',
      object: 'identities',
      done: counts.people > 1,
    },
  ];
}

/** The installation is new until it has a canary or a check: then home is the dashboard. */
export function isNewInstallation(counts: InstallationCounts): boolean {
  return counts.canaries === 0 && counts.checks === 0;
}
