import {
  Banknote,
  Bug,
  Gauge,
  Link2,
  Scale,
  ShieldAlert,
  Wrench,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { cx } from '@/ui/class-names.ts';

const typeIcons: Record<string, LucideIcon> = {
  cost: Banknote,
  availability: Zap,
  performance: Gauge,
  security: ShieldAlert,
  integration: Link2,
  compliance: Scale,
  technicalDebt: Wrench,
  reliability: Bug,
};

const typeLabels: Record<string, string> = { technicalDebt: 'Technical Debt' };

export function typeLabel(type: string): string {
  return typeLabels[type] ?? type.charAt(0).toUpperCase() + type.slice(1);
}

export function IncidentTypeLabel({ type }: { type: string }) {
  const Icon = typeIcons[type] ?? Zap;
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Icon aria-hidden="true" className="size-4 text-fg-muted" />
      {typeLabel(type)}
    </span>
  );
}

const severityColours: Record<string, string> = {
  low: 'border-severity-low text-severity-low',
  medium: 'border-severity-medium text-severity-medium',
  high: 'border-severity-high text-severity-high',
  critical: 'border-severity-critical text-severity-critical',
  blocker: 'border-severity-blocker text-severity-blocker',
  warning: 'border-severity-warning text-fg',
};

/** Low and medium green, high orange, critical and blocker red (spec 002 §9). */
export function IncidentSeverityBadge({ severity }: { severity: string | null }) {
  const value = severity ?? 'high';
  return (
    <span
      className={cx(
        'rounded border px-1.5 text-xs whitespace-nowrap capitalize',
        severityColours[value] ?? 'border-border text-fg-muted',
      )}
    >
      {value}
    </span>
  );
}

const statusDots: Record<string, string> = {
  new: 'bg-unknown',
  open: 'bg-unhealthy',
  investigating: 'bg-warning',
  mitigated: 'bg-warning',
  resolved: 'bg-healthy',
  closed: 'bg-unknown',
};

/** Text stays in the body colour (contrast in both themes); the dot carries the status. */
export function IncidentStatusBadge({ status }: { status: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-border px-2 py-0.5 text-xs font-medium capitalize">
      <span
        aria-hidden="true"
        className={cx('size-2 rounded-full', statusDots[status] ?? 'bg-unknown')}
      />
      {status}
    </span>
  );
}

export interface AvatarPerson {
  id: string;
  name: string | null;
  avatar?: string | null | undefined;
}

function initials(name: string | null): string {
  return (name ?? '?')
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

export function Avatar({ person, size = 'sm' }: { person: AvatarPerson; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'size-6 text-[10px]' : 'size-8 text-xs';
  if (person.avatar) {
    return (
      <img
        src={person.avatar}
        alt={person.name ?? ''}
        title={person.name ?? ''}
        className={cx(box, 'rounded-full ring-2 ring-surface')}
      />
    );
  }
  return (
    <span
      title={person.name ?? ''}
      aria-label={person.name ?? 'unknown'}
      className={cx(
        box,
        'inline-flex items-center justify-center rounded-full bg-accent/15 font-semibold text-fg ring-2 ring-surface',
      )}
    >
      {initials(person.name)}
    </span>
  );
}

/** At most five avatars, then a count (spec 002 §9). */
export function AvatarStack({ people }: { people: readonly AvatarPerson[] }) {
  const shown = people.slice(0, 5);
  return (
    <span className="flex -space-x-1.5">
      {shown.map((person) => (
        <Avatar key={person.id} person={person} />
      ))}
      {people.length > shown.length && (
        <span className="pl-2.5 text-xs text-fg-muted">+{people.length - shown.length}</span>
      )}
    </span>
  );
}
