import type { Queryable } from '../../../platform/db.ts';
import { liveOutput } from './live-log.repository.ts';

const finished = new Set(['completed', 'failed', 'cancelled', 'timed_out']);

export interface StreamEvent {
  readonly event: 'action' | 'output' | 'end';
  readonly data: Record<string, unknown>;
}

let open = 0;
/** Streams being served now, so a test can see a closed client's stream end. */
export const openLogStreams = (): number => open;

/**
 * A run's live output as events: `action` when an action's status changes, `output` with the
 * text it wrote since, `end` once the run is finished. Polls every `pollMs` until `signal`.
 */
export async function* runLogStream(
  db: Queryable,
  runId: string,
  signal: AbortSignal,
  pollMs = 500,
): AsyncGenerator<StreamEvent> {
  open += 1;
  try {
    const offsets: Record<string, number> = {};
    const statuses = new Map<string, string>();
    while (!signal.aborted) {
      const live = await liveOutput(db, runId, offsets);
      if (!live) return;
      for (const action of live.actions) {
        if (statuses.get(action.id) !== action.status) {
          statuses.set(action.id, action.status);
          yield {
            event: 'action',
            data: { id: action.id, name: action.name, status: action.status },
          };
        }
        if (action.chunk) {
          offsets[action.id] = action.length;
          yield { event: 'output', data: { id: action.id, name: action.name, text: action.chunk } };
        }
      }
      if (finished.has(live.status)) {
        yield { event: 'end', data: { status: live.status } };
        return;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, pollMs);
        function done() {
          clearTimeout(timer);
          signal.removeEventListener('abort', done);
          resolve();
        }
        signal.addEventListener('abort', done, { once: true });
      });
    }
  } finally {
    open -= 1;
  }
}
