import { CalendarClock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/ui/button.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { inputClassName } from '@/ui/form-field.tsx';
import { readRecentRanges, rememberRange, type AbsoluteRange } from '../model/recent-ranges.ts';
import {
  mappedRanges,
  relativeLabel,
  relativeRanges,
  timeRangeLabel,
  type TimeRange,
} from '../model/time-range.ts';

export interface TimeRangePickerProps {
  value: TimeRange;
  onChange: (range: TimeRange) => void;
}

function Choice(props: { label: string; selected: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={props.selected}
      onClick={props.onClick}
      className={cx(
        'rounded-md px-2 py-1 text-left text-sm hover:bg-surface-muted',
        props.selected && 'bg-surface-muted font-medium text-accent',
        focusRing,
      )}
    >
      {props.label}
    </button>
  );
}

/** `datetime-local` wants local time without a zone; ISO answers in UTC. */
function toLocalInput(iso: string | undefined): string {
  if (iso === undefined || Number.isNaN(new Date(iso).getTime())) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/** Relative, mapped and absolute ranges (spec 002 §9), with the recent absolute ones. */
export function TimeRangePicker({ value, onChange }: TimeRangePickerProps) {
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [recent, setRecent] = useState<AbsoluteRange[]>([]);
  const id = useId();
  const choose = (range: TimeRange): void => {
    onChange(range);
    setOpen(false);
  };
  const show = (): void => {
    setFrom(toLocalInput(value.type === 'absolute' ? value.from : undefined));
    setTo(toLocalInput(value.type === 'absolute' ? value.to : undefined));
    setRecent(readRecentRanges());
    setOpen(true);
  };
  const fromTime = new Date(from).getTime();
  const toTime = new Date(to).getTime();
  // Both filled (spec 002 §5), both real times, and from before to.
  const applicable = from !== '' && to !== '' && fromTime < toTime;
  const apply = (event: FormEvent): void => {
    event.preventDefault();
    if (!applicable) return;
    const range = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    rememberRange(range);
    choose({ type: 'absolute', ...range });
  };
  return (
    <>
      <Button onClick={show} aria-label={`Time range: ${timeRangeLabel(value)}`}>
        <CalendarClock aria-hidden="true" className="size-4" />
        {timeRangeLabel(value)}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Time Range" size="large">
        <div className="grid gap-6 md:grid-cols-[1fr_1fr_1.2fr]">
          <section aria-labelledby={`${id}-relative`} className="space-y-1">
            <h3 id={`${id}-relative`} className="text-xs font-medium text-fg-muted uppercase">
              Relative
            </h3>
            <div className="flex flex-col">
              {relativeRanges.map((range) => (
                <Choice
                  key={range}
                  label={relativeLabel(range)}
                  selected={value.type === 'relative' && value.range === range}
                  onClick={() => choose({ type: 'relative', range })}
                />
              ))}
            </div>
          </section>
          <section aria-labelledby={`${id}-mapped`} className="space-y-1">
            <h3 id={`${id}-mapped`} className="text-xs font-medium text-fg-muted uppercase">
              Mapped
            </h3>
            <div className="flex flex-col">
              {mappedRanges.map(([display]) => (
                <Choice
                  key={display}
                  label={display}
                  selected={value.type === 'mapped' && value.display === display}
                  onClick={() => choose({ type: 'mapped', display })}
                />
              ))}
            </div>
          </section>
          <section aria-labelledby={`${id}-absolute`} className="space-y-3">
            <h3 id={`${id}-absolute`} className="text-xs font-medium text-fg-muted uppercase">
              Absolute
            </h3>
            <form onSubmit={apply} className="space-y-2">
              <label className="block space-y-1 text-sm">
                <span>From</span>
                <input
                  type="datetime-local"
                  value={from}
                  onChange={(event) => setFrom(event.target.value)}
                  className={inputClassName}
                />
              </label>
              <label className="block space-y-1 text-sm">
                <span>To</span>
                <input
                  type="datetime-local"
                  value={to}
                  onChange={(event) => setTo(event.target.value)}
                  className={inputClassName}
                />
              </label>
              <Button type="submit" variant="primary" disabled={!applicable}>
                Apply time range
              </Button>
            </form>
            {recent.length > 0 && (
              <div className="space-y-1">
                <h4 className="text-xs font-medium text-fg-muted uppercase">
                  Recently used absolute ranges
                </h4>
                <div className="flex flex-col">
                  {recent.map((range) => (
                    <Choice
                      key={`${range.from}/${range.to}`}
                      label={timeRangeLabel({ type: 'absolute', ...range })}
                      selected={
                        value.type === 'absolute' &&
                        value.from === range.from &&
                        value.to === range.to
                      }
                      onClick={() => {
                        setRecent(rememberRange(range));
                        choose({ type: 'absolute', ...range });
                      }}
                    />
                  ))}
                </div>
              </div>
            )}
          </section>
        </div>
      </Dialog>
    </>
  );
}
