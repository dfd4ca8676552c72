import { cx } from '@/ui/class-names.ts';
import type { HealthColour } from '../model/health-colour.ts';

const dotClass: Record<HealthColour, string> = {
  red: 'bg-unhealthy',
  grey: 'bg-unknown',
  orange: 'bg-warning',
  green: 'bg-healthy',
};

export function HealthDot({ colour, label }: { colour: HealthColour; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      className={cx('inline-block size-2.5 shrink-0 rounded-full', dotClass[colour])}
    />
  );
}
