import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';

// Its own chunk, fetched on first use: the pages' first paint does not wait for it.
const CommandPalette = lazy(async () => {
  const module = await import('./command-palette.tsx');
  return { default: module.CommandPalette };
});

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The top bar's search button, and Ctrl-K (⌘-K on a Mac) anywhere in the console. */
export function PaletteTrigger() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent): void => {
      if (event.key.toLowerCase() !== 'k' || !(event.metaKey || event.ctrlKey)) return;
      event.preventDefault();
      setLoaded(true);
      setOpen((current) => !current);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        className={cx(
          'flex h-8 w-56 items-center gap-2 rounded-md border border-border bg-canvas px-2 text-sm text-fg-muted hover:bg-surface-muted',
          focusRing,
        )}
      >
        <Search aria-hidden="true" className="size-4" />
        <span className="flex-1 text-left">Search…</span>
        <kbd className="rounded border border-border px-1 font-sans text-xs">
          {isMac ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
