import { useState } from 'react';
import { Dialog } from '@/ui/dialog.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import type { JobDetails } from '../api/canaries-query.ts';

const tabs = [
  { key: 'errors', label: 'Errors' },
  { key: 'scrape_summary', label: 'Scrape Summary' },
  { key: 'summary', label: 'Summary' },
] as const;
type TabKey = (typeof tabs)[number]['key'];

function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

/** The tabs with something to show; the dialog opens on the first (spec 002 §4). */
export function jobDetailTabs(details: JobDetails | null | undefined): TabKey[] {
  if (details === null || details === undefined) return [];
  return tabs.filter((tab) => !isEmpty(details[tab.key])).map((tab) => tab.key);
}

export interface JobDetailsDialogProps {
  name: string;
  details: JobDetails;
  onClose: () => void;
}

export function JobDetailsDialog({ name, details, onClose }: JobDetailsDialogProps) {
  const available = jobDetailTabs(details);
  const [active, setActive] = useState<TabKey | undefined>(available[0]);
  const shown = active === undefined ? undefined : details[active];
  return (
    <Dialog
      open
      size="large"
      title={`Job details: ${name}`}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div role="tablist" aria-label="Job details" className="mb-3 flex gap-1">
        {tabs
          .filter((tab) => available.includes(tab.key))
          .map((tab) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={tab.key === active}
              onClick={() => setActive(tab.key)}
              className={cx(
                'rounded-md px-2.5 py-1 text-sm',
                tab.key === active ? 'bg-surface-muted font-medium' : 'text-fg-muted',
                focusRing,
              )}
            >
              {tab.label}
            </button>
          ))}
      </div>
      <pre
        role="tabpanel"
        className="max-h-96 overflow-auto rounded-md bg-surface-muted p-3 text-xs whitespace-pre-wrap"
      >
        {shown === undefined ? '' : JSON.stringify(shown, null, 2)}
      </pre>
    </Dialog>
  );
}
