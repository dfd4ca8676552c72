import {
  CheckConfigError,
  errorText,
  type CheckOutcome,
  type CheckRunContext,
} from '../check-types/check-type.ts';
import { RunAbort } from '../check-types/abortable.ts';
import type { RunnableCheck } from './prepared-canary.ts';

/**
 * Runs one check's runner under its time limit. The runner's signal aborts at the limit, and
 * a runner that ignores it is abandoned: the check is recorded as failed either way. A runner
 * that throws never affects other checks.
 */
export function executeCheck(
  check: RunnableCheck,
  timeoutMs: number,
  context: (abort: RunAbort) => CheckRunContext,
): Promise<CheckOutcome & { elapsed: number }> {
  const abort = new RunAbort();
  const started = performance.now();
  // One promise and one timer a check: a thousand checks a second make this path hot.
  return new Promise((resolve) => {
    let settled = false;
    const finish = (outcome: CheckOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...outcome, elapsed: performance.now() - started });
    };
    const timer = setTimeout(() => {
      const message = `timed out after ${formatMs(timeoutMs)}`;
      abort.abort(new Error(message));
      finish({ pass: false, error: message, data: {} });
    }, timeoutMs);
    void guarded(check, abort, context).then(finish);
  });
}

async function guarded(
  check: RunnableCheck,
  abort: RunAbort,
  context: (abort: RunAbort) => CheckRunContext,
): Promise<CheckOutcome> {
  try {
    return await check.runner.run(context(abort));
  } catch (error) {
    if (error instanceof CheckConfigError) {
      return { pass: false, invalid: true, error: error.message, data: {} };
    }
    if (abort.aborted) {
      return { pass: false, error: errorText(abort.reason), data: {} };
    }
    return { pass: false, error: `check crashed: ${errorText(error)}`, data: {} };
  }
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
