export interface ErrorScreenProps {
  error: unknown;
  /** Production screens for end users can hide the stack and cause. */
  hideDetails?: boolean;
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

export function ErrorScreen({ error, hideDetails = false }: ErrorScreenProps) {
  const message =
    error instanceof Error && error.message !== '' ? error.message : 'Something went wrong';
  const stack = error instanceof Error ? error.stack : undefined;
  const cause = error instanceof Error ? error.cause : undefined;

  return (
    <div className="space-y-3">
      <p className="font-medium text-unhealthy">{message}</p>
      {!hideDetails && stack !== undefined && (
        <details className="text-xs">
          <summary className="cursor-pointer text-fg-muted">Stack</summary>
          <pre className="mt-2 overflow-auto rounded bg-surface-muted p-3">{stack}</pre>
        </details>
      )}
      {!hideDetails && cause !== undefined && (
        <details className="text-xs">
          <summary className="cursor-pointer text-fg-muted">Cause</summary>
          <pre className="mt-2 overflow-auto rounded bg-surface-muted p-3">{describe(cause)}</pre>
        </details>
      )}
    </div>
  );
}
