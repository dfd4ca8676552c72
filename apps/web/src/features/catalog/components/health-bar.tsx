import { cx } from '@/ui/class-names.ts';

const segments = [
  ['healthy', 'bg-healthy'],
  ['unhealthy', 'bg-unhealthy'],
  ['warning', 'bg-warning'],
  ['unknown', 'bg-unknown'],
] as const;

/** Health counts as one bar: green, red, orange, grey (spec 001 §4). */
export function HealthBar({ health }: { health: Record<string, number> }) {
  const total = Object.values(health).reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const text = segments
    .filter(([key]) => (health[key] ?? 0) > 0)
    .map(([key]) => `${health[key]} ${key}`)
    .join(', ');
  return (
    <span
      role="img"
      aria-label={text}
      title={text}
      className="flex h-2 w-32 overflow-hidden rounded-full bg-surface-muted"
    >
      {segments.map(([key, colour]) => {
        const n = health[key] ?? 0;
        return n > 0 ? (
          <span
            key={key}
            className={cx('h-full', colour)}
            style={{ width: `${(n / total) * 100}%` }}
          />
        ) : null;
      })}
    </span>
  );
}
