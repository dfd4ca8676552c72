import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { Button } from '@/ui/button.tsx';
import { inputClassName } from '@/ui/form-field.tsx';
import { Spinner } from '@/ui/spinner.tsx';
import { useLinkConfig } from '../api/config-link-mutations.ts';
import { useConfigSearch } from '../api/config-search-query.ts';

/** Spec 001 §9: the catalog picker waits 1000 ms after typing before it searches. */
export const pickerDelayMs = 1000;

export interface LinkCatalogDialogProps {
  component: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Pick one catalog item (at most 50 listed) and link it; Link waits for a choice. */
export function LinkCatalogDialog({ component, open, onOpenChange }: LinkCatalogDialogProps) {
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<string | undefined>();
  const search = useDebounced(text, pickerDelayMs);
  const options = useConfigSearch(search, open);
  const link = useLinkConfig(() => onOpenChange(false));
  const rows = options.data ?? [];
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Link to Catalog"
      description={`Link a catalog item to ${component.name}.`}
      size="medium"
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (selected === undefined) return;
          link.mutate({ componentId: component.id, configId: selected });
        }}
      >
        <label className="relative block">
          <span className="sr-only">Search the catalog</span>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-fg-muted"
          />
          <input
            type="search"
            value={text}
            placeholder="Search catalog items by name"
            onChange={(event) => setText(event.target.value)}
            className={cx(inputClassName, 'pl-8')}
          />
        </label>
        <fieldset
          aria-busy={options.isFetching}
          className="max-h-72 overflow-auto rounded-md border border-border"
        >
          <legend className="sr-only">Catalog items</legend>
          {options.isPending ? (
            <div className="flex justify-center p-4">
              <Spinner label="Searching the catalog" />
            </div>
          ) : options.isError ? (
            <p role="alert" className="p-3 text-sm text-unhealthy">
              {options.error.message}
            </p>
          ) : rows.length === 0 ? (
            <p className="p-3 text-sm text-fg-muted">No catalog items match this search.</p>
          ) : (
            rows.map((row) => (
              <label
                key={row.id}
                className={cx(
                  'flex cursor-pointer items-center gap-2 border-b border-border px-3 py-1.5 text-sm last:border-b-0 hover:bg-surface-muted',
                  selected === row.id && 'bg-surface-muted',
                )}
              >
                <input
                  type="radio"
                  name="config"
                  value={row.id}
                  checked={selected === row.id}
                  onChange={() => setSelected(row.id)}
                  className={cx('size-4 accent-accent', focusRing)}
                />
                <span className="min-w-0 flex-1 truncate">{row.name ?? row.id}</span>
                <span className="shrink-0 text-xs text-fg-muted">{row.type}</span>
              </label>
            ))
          )}
        </fieldset>
        <div className="flex justify-end gap-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={selected === undefined || link.isPending}
          >
            {link.isPending ? 'Linking…' : 'Link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
