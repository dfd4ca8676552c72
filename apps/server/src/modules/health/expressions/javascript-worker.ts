import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { z } from 'zod';
import { evaluateJavascript, SandboxError, validateJavascript } from './javascript-sandbox.ts';
import { signalStates, workerRequest, type WorkerAnswer } from './javascript-protocol.ts';

/**
 * The thread `javascript` expressions run in. The server blocks until this thread sets the
 * shared state to `done`, and terminates it when a script outlives its limit.
 */
const setup = z.object({ state: z.instanceof(SharedArrayBuffer) }).parse(workerData);
const state = new Int32Array(setup.state);

function signal(value: number): void {
  Atomics.store(state, 0, value);
  Atomics.notify(state, 0);
}

function answer(port: MessagePort, reply: WorkerAnswer): void {
  port.postMessage(reply);
  signal(signalStates.done);
}

parentPort?.on('message', (message: unknown) => {
  const parsed = workerRequest.safeParse(message);
  if (!parsed.success) return;
  const { port, request } = parsed.data;
  try {
    if (request.kind === 'validate') {
      signal(signalStates.started);
      validateJavascript(request.source);
      answer(port, { ok: true, value: '' });
    } else {
      const started = () => signal(signalStates.started);
      const value = evaluateJavascript(
        request.source,
        request.variablesJson,
        request.limitMs,
        started,
      );
      answer(port, { ok: true, value });
    }
  } catch (error) {
    const known = error instanceof SandboxError;
    answer(port, { ok: false, message: known ? error.message : String(error) });
  }
});
