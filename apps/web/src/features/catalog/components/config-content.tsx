import { useSearchParams } from 'react-router';
import { cx, focusRing } from '@/ui/class-names.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { contentLines, selectedLines, toggleSelectedLine } from '../model/content-lines.ts';

/** Numbered content lines; clicking a number selects the line and keeps it in the URL. */
export function ConfigContent({ content }: { content: unknown }) {
  const [params, setParams] = useSearchParams();
  const lines = contentLines(content);
  const selected = selectedLines(params);
  if (lines.length === 0)
    return <EmptyState title="No content" description="This config item has no content." />;
  const width = String(lines.length).length;
  return (
    <div className="overflow-auto rounded-lg border border-border bg-surface">
      <pre aria-label="Config content" className="min-w-max py-2 font-mono text-xs leading-5">
        {lines.map((line, index) => {
          const number = index + 1;
          const isSelected = selected.has(number);
          return (
            <div
              key={number}
              data-line={number}
              aria-current={isSelected ? 'true' : undefined}
              className={cx('flex', isSelected ? 'bg-accent/15' : '')}
            >
              <button
                type="button"
                aria-label={`${isSelected ? 'Unselect' : 'Select'} line ${number}`}
                aria-pressed={isSelected}
                onClick={() => setParams(toggleSelectedLine(params, number), { replace: true })}
                style={{ minWidth: `${width + 2}ch` }}
                className={cx(
                  'shrink-0 pr-3 pl-2 text-right text-fg-muted select-none hover:text-fg',
                  focusRing,
                )}
              >
                {number}
              </button>
              <code className="pr-4 whitespace-pre">{line}</code>
            </div>
          );
        })}
      </pre>
    </div>
  );
}
