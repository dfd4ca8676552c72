import { Plus, RefreshCw } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { Button } from '@/ui/button.tsx';
import { QueryList } from '@/ui/query-list.tsx';
import { useIncidentsQuery } from '../api/incidents-query.ts';
import { useComponentOptionsQuery, usePeopleQuery } from '../api/pickers-query.ts';
import { CreateIncidentDialog } from '../components/create-incident-dialog.tsx';
import { IncidentsFilterBar } from '../components/incidents-filter-bar.tsx';
import { IncidentsTable } from '../components/incidents-table.tsx';
import { incidentFiltersSchema } from '../model/incident-url-state.ts';

export const noIncidentsText = 'There are no incidents matching this criteria';

/** /incidents (spec 002 §2): filters in the URL, the list, and the create modal (?create=true). */
export function IncidentsPage() {
  usePageTitle('Incidents');
  const [filters, setFilters] = useUrlState(incidentFiltersSchema);
  const [params, setParams] = useSearchParams();
  const incidents = useIncidentsQuery(filters);
  const people = usePeopleQuery();
  const components = useComponentOptionsQuery();
  const canWrite = usePermission(['incident'], 'write');
  const creating = params.get('create') === 'true';
  const setCreating = (open: boolean) =>
    setParams((previous) => {
      const next = new URLSearchParams(previous);
      if (open) next.set('create', 'true');
      else next.delete('create');
      return next;
    });
  return (
    <section aria-labelledby="incidents-heading" className="space-y-4">
      <div className="flex items-center justify-between gap-4">
        <h1 id="incidents-heading" className="text-lg font-semibold">
          Incidents
        </h1>
        <div className="flex gap-2">
          <Button
            variant="ghost"
            size="icon"
            label="Refresh"
            onClick={() => void incidents.refetch()}
          >
            <RefreshCw aria-hidden="true" className="size-4" />
          </Button>
          {canWrite && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Create Incident
            </Button>
          )}
        </div>
      </div>
      <IncidentsFilterBar
        filters={filters}
        people={people.data ?? []}
        components={components.data ?? []}
        onChange={(patch) => setFilters(patch, { replace: true })}
      />
      <QueryList
        query={incidents}
        loadingLabel="Loading incidents"
        errorTitle="Could not load the incidents"
        empty={{ title: noIncidentsText }}
      >
        {(items) => <IncidentsTable incidents={items} />}
      </QueryList>
      {creating && (
        <CreateIncidentDialog
          onClose={() => setCreating(false)}
          componentId={params.get('topology') ?? undefined}
        />
      )}
    </section>
  );
}
