import type { Queryable } from '../../../platform/db.ts';
import { mask } from '../actions/action-type.ts';

const maxLiveLog = 1 << 20;
const flushMs = 250;

/**
 * An action's output as it is written, appended to its row every 250 ms. Only whole lines
 * are masked and stored (a secret split across two chunks is still masked); the rest waits
 * for its newline or for close().
 */
export function liveLog(db: Queryable, actionId: string, secrets: readonly string[]) {
  let pending = '';
  let stored = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const append = (text: string) => {
    const room = maxLiveLog - stored;
    if (room <= 0 || text === '') return;
    const chunk = text.slice(0, room);
    stored += chunk.length;
    writing = writing
      .then(async () => {
        await db.query(
          `update playbook_run_actions set live_log = coalesce(live_log, '') || $2 where id = $1`,
          [actionId, chunk],
        );
      })
      .catch(() => undefined);
  };
  const flush = (all: boolean) => {
    timer = undefined;
    const end = all ? pending.length : pending.lastIndexOf('\n') + 1;
    if (end === 0) return;
    append(mask(pending.slice(0, end), secrets));
    pending = pending.slice(end);
  };

  return {
    /** stdout and stderr interleaved, as a terminal shows them. */
    write(text: string) {
      if (stored >= maxLiveLog) return;
      pending += text;
      // A line longer than 64 KiB is cut rather than held back for ever.
      if (pending.length > 65_536) flush(true);
      timer ??= setTimeout(() => flush(false), flushMs);
    },
    /** Stores what is left and waits until every append is written. */
    async close() {
      if (timer) clearTimeout(timer);
      flush(true);
      await writing;
    },
  };
}
