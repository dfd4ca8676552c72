import { ChevronDown, ChevronRight } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { cx, focusRing } from './class-names.ts';

export interface SidebarSection {
  key: string;
  title: string;
  content: ReactNode;
}

/**
 * Collapsible sections of which only one is open at a time (the first by default). A closed
 * section's content is not mounted, so a section that loads data loads it when opened.
 */
export function SidebarSections({ sections }: { sections: readonly SidebarSection[] }) {
  const [open, setOpen] = useState<string | undefined>(sections[0]?.key);
  const idBase = useId().replace(/[^\w-]/g, '');
  return (
    <div className="divide-y divide-border rounded-lg border border-border bg-surface">
      {sections.map((section) => {
        const expanded = open === section.key;
        const panelId = `${idBase}-${section.key}`;
        const Icon = expanded ? ChevronDown : ChevronRight;
        return (
          <div key={section.key}>
            <h2>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? undefined : section.key)}
                className={cx(
                  'flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium hover:bg-surface-muted',
                  focusRing,
                )}
              >
                <Icon aria-hidden="true" className="size-4 text-fg-muted" />
                {section.title}
              </button>
            </h2>
            <div id={panelId} hidden={!expanded} className="px-3 pb-3 text-sm">
              {expanded && section.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
