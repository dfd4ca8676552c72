import { BookOpen, Braces, FileCode2, Keyboard } from 'lucide-react';
import { useCallback, useId, useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { cx } from '@/ui/class-names.ts';
import { menuItemClassName, menuPanelClassName, useDismiss } from '@/ui/menu-panel.ts';

/** What this server documents about itself: its API and the schemas editors validate with. */
const references = [
  { label: 'API reference', href: '/api/docs', icon: BookOpen },
  { label: 'Canary schema', href: '/api/schemas/canary.schema.json', icon: FileCode2 },
  { label: 'ScrapeConfig schema', href: '/api/schemas/scrape-config.schema.json', icon: Braces },
] as const;

/** The top bar's docs menu (spec 000 §2). */
export function DocsMenu() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss(open, close);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <div ref={ref} className="relative">
      <Button
        variant="ghost"
        size="icon"
        label="Docs"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <BookOpen aria-hidden="true" className="size-4" />
      </Button>
      <div id={panelId} hidden={!open} className={cx(menuPanelClassName, 'w-60')}>
        {references.map(({ label, href, icon: Icon }) => (
          <a
            key={href}
            href={href}
            target="_blank"
            rel="noreferrer"
            className={menuItemClassName}
            onClick={close}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </a>
        ))}
        <p className="flex items-center gap-2 border-t border-border px-2 pt-2 text-xs text-fg-muted">
          <Keyboard aria-hidden="true" className="size-4" />
          Search and commands: <kbd className="font-mono">{mac ? '⌘K' : 'Ctrl K'}</kbd>
        </p>
      </div>
    </div>
  );
}
