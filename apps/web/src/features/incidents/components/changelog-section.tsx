import { cx, focusRing } from '@/ui/class-names.ts';
import { RelativeTime } from '@/ui/relative-time.tsx';
import { useHistoryQuery } from '../api/incident-query.ts';
import { SideSection } from './side-section.tsx';

const eventLabels: Record<string, string> = {
  'incident.created': 'Incident created',
  'responder.created': 'Responder added',
  'evidence.created': 'Evidence added',
  'incident.status_updated': 'Status changed',
  'incident_status.updated': 'Status changed automatically',
  'evidence.done_definition_added': 'Added to definition of done',
  'responder.commented': 'Responder commented',
  'hypothesis.created': 'Hypothesis created',
  'hypothesis.status_updated': 'Hypothesis status changed',
};

export function ChangelogSection({
  incidentId,
  open,
  onToggle,
}: {
  incidentId: string;
  open: boolean;
  onToggle: () => void;
}) {
  const history = useHistoryQuery(incidentId);
  const entries = history.data ?? [];
  return (
    <SideSection
      id="changelog"
      title="Changelog"
      open={open}
      onToggle={onToggle}
      count={history.data?.length}
      onRefresh={() => void history.refetch()}
    >
      {history.isPending ? (
        <p className="text-sm text-fg-muted">Loading ...</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-fg-muted">No changelog found</p>
      ) : (
        // Focusable: a long changelog scrolls, and the keyboard must reach it (DESIGN §7).
        <ol
          aria-label="Changelog"
          tabIndex={0}
          className={cx('max-h-96 space-y-2 overflow-auto rounded', focusRing)}
        >
          {entries.map((entry) => (
            <li key={entry.id} className="text-sm">
              <div className="flex items-baseline justify-between gap-2">
                <span className="font-medium">{eventLabels[entry.type] ?? entry.type}</span>
                <span className="shrink-0 text-xs text-fg-muted">
                  <RelativeTime value={entry.created_at} />
                </span>
              </div>
              {entry.description && (
                <p className="text-xs break-words text-fg-muted">{entry.description}</p>
              )}
              {entry.created_by && (
                <p className="text-xs text-fg-muted">by {entry.created_by.name}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </SideSection>
  );
}
