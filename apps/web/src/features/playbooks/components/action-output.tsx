import type { PlaybookArtifact, PlaybookRunActionRow } from '@vigil/domain';
import { FileDown } from 'lucide-react';
import { cx } from '@/ui/class-names.ts';
import { EmptyState } from '@/ui/empty-state.tsx';
import { otherResult, outputSections, safeLink } from '../model/run-logs.ts';
import { RunStatusBadge } from './run-status-badge.tsx';

// stderr often carries warnings, not failures: orange; an action's error is red.
const streamTones: Record<string, string> = {
  error: 'border-unhealthy/40 text-unhealthy',
  stderr: 'border-warning/40 text-warning',
};

const sectionTitles: Record<string, string> = {
  error: 'Error',
  logs: 'Logs',
  stdout: 'stdout',
  stderr: 'stderr',
};

function formatSize(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function ResultValue({ value }: { value: unknown }) {
  if (typeof value === 'string') {
    const href = safeLink(value);
    return href === undefined ? (
      <span className="break-all">{value}</span>
    ) : (
      <a href={href} target="_blank" rel="noreferrer" className="break-all text-accent underline">
        {value}
      </a>
    );
  }
  return <pre className="overflow-auto text-xs">{JSON.stringify(value, null, 2)}</pre>;
}

/** One action's output: its error, logs, stdout and stderr, other result keys and artifacts. */
function downloadArtifact(artifact: PlaybookArtifact) {
  const blob = new Blob([artifact.content ?? ''], { type: 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = artifact.path.split('/').at(-1) ?? 'artifact';
  link.click();
  URL.revokeObjectURL(url);
}

const unfinished = new Set(['pending', 'scheduled', 'running', 'waiting', 'sleeping']);

export function ActionOutput({
  action,
  liveText,
}: {
  action: PlaybookRunActionRow;
  /** Output streamed while the action runs (SSE), else what the last poll read. */
  liveText?: string | undefined;
}) {
  const artifacts = action.result?.artifacts ?? [];
  const sections = outputSections(action);
  const rest = Object.entries(otherResult(action));
  const live = unfinished.has(action.status) ? (liveText ?? action.live_log ?? '') : '';
  const empty = sections.length === 0 && rest.length === 0 && artifacts.length === 0 && live === '';
  return (
    <article aria-label={`Output of ${action.name}`} className="space-y-4">
      <header className="flex items-center gap-2">
        <h2 className="font-semibold">{action.name}</h2>
        <RunStatusBadge status={action.status} />
      </header>
      {empty && (
        <EmptyState
          title="No output yet"
          description={
            action.status === 'running'
              ? 'The action is running; its output appears here.'
              : 'This action wrote nothing.'
          }
        />
      )}
      {live !== '' && (
        <section aria-label="Live output" className="space-y-1">
          <h3 className="text-xs font-semibold text-fg-muted uppercase">Live output</h3>
          <pre
            aria-live="polite"
            className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap"
          >
            {live}
          </pre>
        </section>
      )}
      {sections.map(({ key, text }) => (
        <section key={key} aria-label={sectionTitles[key]} className="space-y-1">
          <h3 className="text-xs font-semibold text-fg-muted uppercase">{sectionTitles[key]}</h3>
          <pre
            className={cx(
              'max-h-96 overflow-auto rounded-md border bg-surface-muted p-3 font-mono text-xs whitespace-pre-wrap',
              streamTones[key] ?? 'border-border',
            )}
          >
            {text}
          </pre>
        </section>
      ))}
      {rest.length > 0 && (
        <section aria-label="Result" className="space-y-1">
          <h3 className="text-xs font-semibold text-fg-muted uppercase">Result</h3>
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 rounded-md border border-border p-3 text-sm">
            {rest.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-medium text-fg-muted">{key}</dt>
                <dd className="min-w-0">
                  <ResultValue value={value} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {artifacts.length > 0 && (
        <section aria-label="Artifacts" className="space-y-1">
          <h3 className="text-xs font-semibold text-fg-muted uppercase">Artifacts</h3>
          <ul className="divide-y divide-border rounded-md border border-border text-sm">
            {artifacts.map((artifact) => (
              <li key={artifact.path} className="flex items-center justify-between gap-2 px-3 py-2">
                <button
                  type="button"
                  onClick={() => downloadArtifact(artifact)}
                  disabled={artifact.content === null || artifact.content === undefined}
                  className="flex items-center gap-2 text-accent hover:underline disabled:text-fg-muted disabled:no-underline"
                >
                  <FileDown aria-hidden="true" className="size-4" />
                  {artifact.path}
                </button>
                <span className="text-xs text-fg-muted">{formatSize(artifact.size)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
