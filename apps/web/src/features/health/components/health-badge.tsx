import { cx } from '@/ui/class-names.ts';
import type { HealthColour } from '../model/health-colour.ts';

const dotClass: Record<HealthColour, string> = {
  red: 'bg-red-600',
  grey: 'bg-gray-400',
  orange: 'bg-orange-500',
  green: 'bg-green-600',
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
