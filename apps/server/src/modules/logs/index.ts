/** What other areas may use from logs (ADR 0010): the backend kinds and one search over one. */
export { logBackendTypes } from './backends/registry.ts';
export { LogBackendError, type LogBackendContext, type LogSearch } from './backends/log-backend.ts';
export { resolveLogTime } from './log-time.ts';
export { streamSelector } from './backends/loki.ts';
