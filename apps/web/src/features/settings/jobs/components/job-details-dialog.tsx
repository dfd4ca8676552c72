import type { JobDetails } from '@vigil/domain';
import { Dialog } from '@/ui/dialog.tsx';
import { JobStatusBadge } from '@/ui/job-status-badge.tsx';
import { TabList, TabPanel, useUrlTab } from '@/ui/tabs.tsx';
import { availableTabs, jobDetailTabs, tabText } from '../model/job-details.ts';

export interface JobDetailsDialogProps {
  /** What ran: a job's name and resource, or a canary's name. */
  title: string;
  status?: string | null;
  details: JobDetails;
  onClose: () => void;
}

const idPrefix = 'job-details';

/**
 * A run's errors, scrape summary and summary, one tab each (spec 002 §4), wherever a run is
 * shown; the tab is the page's `tab` parameter.
 */
export function JobDetailsDialog({ title, status, details, onClose }: JobDetailsDialogProps) {
  const available = availableTabs(details);
  const { selected, select } = useUrlTab('tab', available);
  if (selected === undefined) return null;
  return (
    <Dialog
      open
      size="large"
      title={`Job details: ${title}`}
      description={status ? <JobStatusBadge status={status} /> : undefined}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <TabList
        label="Job details"
        idPrefix={idPrefix}
        items={jobDetailTabs.filter((tab) => available.includes(tab.key))}
        selected={selected}
        onSelect={select}
      />
      {available.map((tab) => (
        <TabPanel key={tab} idPrefix={idPrefix} tabKey={tab} selected={tab === selected}>
          <pre className="max-h-[60vh] overflow-auto rounded-md bg-surface-muted p-3 text-xs whitespace-pre-wrap">
            {tabText(details, tab)}
          </pre>
        </TabPanel>
      ))}
    </Dialog>
  );
}
