import type { JobHistory } from '@vigil/domain';
import { cx, focusRing } from '@/ui/class-names.ts';
import { Dialog } from '@/ui/dialog.tsx';
import { availableTabs, jobDetailTabs, openTab, tabText } from '../model/job-details.ts';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';

export interface JobDetailsDialogProps {
  job: JobHistory;
  /** The tab in the URL; the first with content when absent or empty. */
  tab: string | undefined;
  onTab: (tab: string) => void;
  onClose: () => void;
}

/** A run's errors, scrape summary and summary, one tab each (spec 002 §4). */
export function JobDetailsDialog({ job, tab, onTab, onClose }: JobDetailsDialogProps) {
  const details = job.details;
  const available = availableTabs(details);
  const active = openTab(details, tab);
  if (!details || active === undefined) return null;
  const title = job.resource_name ? `${job.name}: ${job.resource_name}` : job.name;
  return (
    <Dialog
      open
      size="large"
      title={`Job details: ${title}`}
      description={<JobStatusBadge status={job.status} />}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <div role="tablist" aria-label="Job details" className="mb-3 flex gap-1">
        {jobDetailTabs
          .filter((candidate) => available.includes(candidate.key))
          .map((candidate) => (
            <button
              key={candidate.key}
              id={`job-tab-${candidate.key}`}
              type="button"
              role="tab"
              aria-selected={candidate.key === active}
              aria-controls="job-tab-panel"
              onClick={() => onTab(candidate.key)}
              className={cx(
                'rounded-md px-2.5 py-1 text-sm',
                candidate.key === active ? 'bg-surface-muted font-medium' : 'text-fg-muted',
                focusRing,
              )}
            >
              {candidate.label}
            </button>
          ))}
      </div>
      <pre
        id="job-tab-panel"
        role="tabpanel"
        aria-labelledby={`job-tab-${active}`}
        tabIndex={0}
        className={cx(
          'max-h-[60vh] overflow-auto rounded-md bg-surface-muted p-3 text-xs whitespace-pre-wrap',
          focusRing,
        )}
      >
        {tabText(details, active)}
      </pre>
    </Dialog>
  );
}
