import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';

export function VigilLogo() {
  return (
    <Link
      to="/"
      aria-label="Vigil home"
      className={cx('inline-flex items-center gap-2 rounded text-lg font-semibold', focusRing)}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-accent text-accent-fg">
        <ShieldCheck aria-hidden="true" className="size-5" />
      </span>
      <span>Vigil</span>
    </Link>
  );
}
