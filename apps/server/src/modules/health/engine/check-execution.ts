import {
  CheckConfigError,
  errorText,
  type CheckOutcome,
  type CheckRunContext,
} from '../check-types/check-type.ts';
import type { RunnableCheck } from './prepared-canary.ts';

/**
 * Runs one check's runner under its time limit. The runner's signal aborts at the limit, and
 * a runner that ignores it is abandoned: the check is recorded as failed either way. A runner
 * that throws never affects other checks.
 */
export async function executeCheck(
  check: RunnableCheck,
  timeoutMs: number,
  context: (signal: AbortSignal) => CheckRunContext,
): Promise<CheckOutcome & { elapsed: number }> {
  const controller = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      const message = `timed out after ${formatMs(timeoutMs)}`;
      controller.abort(new Error(message));
      resolve({ pass: false, error: message, data: {} });
    }, timeoutMs);
  });
  try {
    const outcome = await Promise.race([guarded(check, context(controller.signal)), timedOut]);
    return { ...outcome, elapsed: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

async function guarded(check: RunnableCheck, ctx: CheckRunContext): Promise<CheckOutcome> {
  try {
    return await check.runner.run(ctx);
  } catch (error) {
    if (error instanceof CheckConfigError) {
      return { pass: false, invalid: true, error: error.message, data: {} };
    }
    if (ctx.signal.aborted) {
      return { pass: false, error: errorText(ctx.signal.reason), data: {} };
    }
    return { pass: false, error: `check crashed: ${errorText(error)}`, data: {} };
  }
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`;
}
