import type { ComponentProperty } from '@/features/topology/model/component-types.ts';
import { ExternalLink } from 'lucide-react';
import { cx, focusRing } from '@/ui/class-names.ts';
import { propertyText, usageOf } from '@/features/topology/model/card-properties.ts';

function UsageBar({ percent, high }: { percent: number; high: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="block h-1.5 w-12 overflow-hidden rounded-full bg-surface-muted"
    >
      <span
        className={cx('block h-full rounded-full', high ? 'bg-unhealthy' : 'bg-healthy')}
        style={{ width: `${Math.min(100, percent)}%` }}
      />
    </span>
  );
}

/** One property's value by its kind: link, currency, usage of a max, or text. */
export function PropertyValue({ property }: { property: ComponentProperty }) {
  const usage = usageOf(property);
  if (usage !== undefined) {
    return (
      <span
        title={usage.text}
        className={cx(
          'inline-flex items-center gap-1.5 tabular-nums',
          usage.high && 'font-medium text-unhealthy',
        )}
      >
        {usage.percent.toFixed(0)}%
        <UsageBar percent={usage.percent} high={usage.high} />
      </span>
    );
  }
  const text = propertyText(property);
  if (property.type === 'url' && text !== '') {
    return (
      <a
        href={text}
        target="_blank"
        rel="noreferrer"
        className={cx('inline-flex min-w-0 items-center gap-1 text-accent underline', focusRing)}
      >
        <span className="truncate">{text.replace(/^https?:\/\//, '')}</span>
        <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
      </a>
    );
  }
  const links = property.links ?? [];
  return (
    <span className="min-w-0 break-words">
      {text}
      {links.map((link) => (
        <a
          key={link.url}
          href={link.url}
          target="_blank"
          rel="noreferrer"
          className={cx('ml-1 text-accent underline', focusRing)}
        >
          {link.label ?? link.url}
        </a>
      ))}
    </span>
  );
}
