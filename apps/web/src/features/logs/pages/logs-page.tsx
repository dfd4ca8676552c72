import type { LogQueryRequest } from '@vigil/domain';
import { ScrollText, SearchX } from 'lucide-react';
import { usePageTitle } from '@/lib/page-title.ts';
import { useUrlState } from '@/lib/url-state.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import { useComponentsWithLogsQuery } from '../api/components-with-logs-query.ts';
import { useLogLinesQuery } from '../api/log-lines-query.ts';
import { LogTable } from '../components/log-table.tsx';
import { LogsToolbar } from '../components/logs-toolbar.tsx';
import { logsUrlSchema } from '../model/logs-url-state.ts';

export const noComponentText = 'Please select a component to view the logs';
export const noLogsText = 'There are no logs matching the search query';
export const componentsErrorText = 'Unable to load components!';

/** /logs: a component's logs through one of its log selectors (spec 001 §2 "Logs viewer"). */
export function LogsPage() {
  usePageTitle('Logs');
  const [state, setState] = useUrlState(logsUrlSchema);
  const components = useComponentsWithLogsQuery();
  const component = components.data?.find((row) => row.id === state.topologyId);
  const selectorNames = (component?.logs ?? []).map((selector) => selector.name);
  // The selector defaults to the component's first log name.
  const selector = state.logsSelector ?? selectorNames[0];
  // Wait for the components, so that the first query already names the default selector.
  const request: LogQueryRequest | undefined =
    state.topologyId === undefined || components.isPending
      ? undefined
      : {
          id: state.topologyId,
          ...(selector !== undefined ? { name: selector } : {}),
          ...(state.query ? { query: state.query } : {}),
          start: state.start,
        };
  const lines = useLogLinesQuery(request);
  return (
    <section aria-labelledby="logs-heading" className="space-y-3">
      <h1 id="logs-heading" className="text-lg font-semibold">
        Logs
      </h1>
      {components.isError ? (
        <ErrorState title={componentsErrorText} onRetry={() => void components.refetch()} />
      ) : (
        <LogsToolbar
          components={components.data ?? []}
          componentId={state.topologyId}
          selectorNames={selectorNames}
          selector={selector}
          query={state.query ?? ''}
          start={state.start}
          onComponent={(id) => setState({ topologyId: id, logsSelector: null })}
          onSelector={(name) => setState({ logsSelector: name })}
          onQuery={(query) => setState({ query }, { replace: true })}
          onStart={(start) => setState({ start })}
        />
      )}
      {state.topologyId === undefined ? (
        <EmptyState
          icon={ScrollText}
          title={noComponentText}
          className="rounded-lg border border-border bg-surface"
        />
      ) : lines.isError ? (
        <ErrorState message={lines.error.message} onRetry={() => void lines.refetch()} />
      ) : request === undefined || lines.data === undefined ? (
        <div aria-busy="true" aria-label="Loading logs" className="space-y-2">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-10 w-full" />
          ))}
        </div>
      ) : lines.data.results.length === 0 ? (
        <EmptyState
          icon={SearchX}
          title={noLogsText}
          className="rounded-lg border border-border bg-surface"
        />
      ) : (
        <LogTable lines={lines.data.results} />
      )}
    </section>
  );
}
