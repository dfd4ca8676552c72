import { cx } from '@/ui/class-names.ts';

const colours: Record<string, string> = {
  healthy: 'bg-healthy',
  unhealthy: 'bg-unhealthy',
  warning: 'bg-warning',
};

/** Green, red, orange, grey otherwise (spec 001 §4). */
export function HealthDot({ health }: { health: string | null | undefined }) {
  return (
    <span
      role="img"
      aria-label={health ?? 'unknown'}
      title={health ?? 'unknown'}
      className={cx(
        'inline-block size-2 shrink-0 rounded-full',
        colours[health ?? ''] ?? 'bg-unknown',
      )}
    />
  );
}
