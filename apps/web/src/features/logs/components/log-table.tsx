import { useVirtualizer } from '@tanstack/react-virtual';
import { logsLimits, type LogLine } from '@vigil/domain';
import { useRef } from 'react';
import { type LogColumn, useColumnSizes } from '../model/column-sizes.ts';
import { ColumnResizer } from './column-resizer.tsx';

const headers: ReadonlyArray<readonly [LogColumn, string]> = [
  ['time', 'Time'],
  ['message', 'Message'],
  ['labels', 'Labels'],
];

const minMessageWidth = 320;

const timeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** Log lines, newest first; only rows on screen are in the DOM (62 px estimate, overscan 10). */
export function LogTable({ lines }: { lines: readonly LogLine[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [sizes, resize] = useColumnSizes();
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders on scroll by design
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => logsLimits.rowEstimatePx,
    overscan: logsLimits.overscan,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <div
      ref={scroller}
      data-testid="logs-scroller"
      className="max-h-[calc(100vh-12rem)] min-h-48 overflow-auto rounded-lg border border-border bg-surface"
    >
      <table
        aria-label="Log lines"
        aria-rowcount={lines.length + 1}
        className="w-full table-fixed text-left text-sm"
        style={{ minWidth: sizes.time + minMessageWidth + sizes.labels }}
      >
        <colgroup>
          {headers.map(([column]) => (
            // The message takes what Time and Labels leave.
            <col key={column} style={column === 'message' ? undefined : { width: sizes[column] }} />
          ))}
        </colgroup>
        <thead className="sticky top-0 z-10 border-b border-border bg-surface text-xs text-fg-muted uppercase">
          <tr>
            {headers.map(([column, label]) => (
              <th key={column} scope="col" className="relative px-3 py-2 font-medium">
                {label}
                {column !== 'message' && (
                  <ColumnResizer
                    label={label}
                    size={sizes[column]}
                    onResize={(size) => resize(column, size)}
                  />
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {before > 0 && <tr aria-hidden="true" style={{ height: before }} />}
          {items.map((item) => {
            const line = lines[item.index];
            if (line === undefined) return null;
            return (
              <tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="align-top hover:bg-surface-muted"
              >
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-fg-muted">
                  <time dateTime={line.timestamp} title={line.timestamp}>
                    {timeFormat.format(new Date(line.timestamp))}
                  </time>
                </td>
                <td className="px-3 py-2 font-mono text-xs break-words whitespace-pre-wrap">
                  {line.message}
                </td>
                <td className="px-3 py-2">
                  <LabelList labels={line.labels} />
                </td>
              </tr>
            );
          })}
          {after > 0 && <tr aria-hidden="true" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}

function LabelList({ labels }: { labels: Readonly<Record<string, string>> }) {
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return (
    <ul aria-label="Labels" className="flex flex-wrap gap-1">
      {entries.map(([key, value]) => (
        <li
          key={key}
          title={`${key}=${value}`}
          className="max-w-full truncate rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-[11px]"
        >
          <span>{key}=</span>
          {value}
        </li>
      ))}
    </ul>
  );
}
