import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { z } from 'zod';
import { repositoryDir, serverPackageDir } from '../../../platform/paths.ts';
import { ExpressionError } from './cel.ts';
import { signalStates, workerAnswer, type JavascriptRequest } from './javascript-protocol.ts';

export { javascriptMemoryLimitBytes } from './javascript-sandbox.ts';

/**
 * `javascript` expressions run in QuickJS on a worker thread, called synchronously: the caller
 * blocks on a shared Int32 until the answer is posted. QuickJS's own interrupt handler stops
 * most scripts at the limit; one stuck in a long built-in (a 2 s `split('').join('')`, a huge
 * `JSON.stringify`) is stopped by terminating the thread, and the next call starts a fresh one.
 */

/** Starting the thread and loading QuickJS (and underscore) is not the script's time. */
const startLimitMs = 10_000;
/** How long after its limit a script is given to be interrupted by QuickJS itself. */
const graceMs = 20;

interface JavascriptThread {
  readonly worker: Worker;
  readonly state: Int32Array;
}

let thread: JavascriptThread | undefined;

function startThread(): JavascriptThread {
  const shared = new SharedArrayBuffer(4);
  const workerData = { state: shared };
  // The server bundle ships the worker as JS; under tsx and vitest it is TypeScript.
  const file = import.meta.url.endsWith('.ts')
    ? workerFromSource()
    : path.join(serverPackageDir, 'dist', 'javascript-worker.js');
  const worker = new Worker(file, { workerData });
  worker.unref();
  worker.on('error', () => {
    if (thread?.worker === worker) thread = undefined;
  });
  return { worker, state: new Int32Array(shared) };
}

/**
 * Bundles the worker's TypeScript with esbuild (as scripts/build-server.mjs does), once per
 * process. tsx cannot load it: its hooks need this thread, which waits on the worker.
 */
let builtWorker: string | undefined;

function workerFromSource(): string {
  if (builtWorker) return builtWorker;
  const esbuild = esbuildModule.parse(createRequire(import.meta.url)('esbuild'));
  const out = path.join(repositoryDir, 'node_modules', '.cache', 'vigil', 'javascript-worker.mjs');
  esbuild.buildSync({
    entryPoints: [fileURLToPath(new URL('./javascript-worker.ts', import.meta.url))],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    logLevel: 'warning',
  });
  builtWorker = out;
  return out;
}

const esbuildModule = z.object({
  buildSync: z.custom<(options: Record<string, unknown>) => unknown>(
    (v) => typeof v === 'function',
  ),
});

function stopThread(stuck: JavascriptThread): void {
  if (thread === stuck) thread = undefined;
  void stuck.worker.terminate();
}

/** Waits while the state is still `from`; false when `ms` passed first. */
function waitWhile(state: Int32Array, from: number, ms: number): boolean {
  const deadline = Date.now() + ms;
  while (Atomics.load(state, 0) === from) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    Atomics.wait(state, 0, from, left);
  }
  return true;
}

function call(request: JavascriptRequest, limitMs: number): string {
  thread ??= startThread();
  const current = thread;
  const { port1, port2 } = new MessageChannel();
  try {
    Atomics.store(current.state, 0, signalStates.idle);
    current.worker.postMessage({ port: port2, request }, [port2]);
    if (!waitWhile(current.state, signalStates.idle, startLimitMs)) {
      stopThread(current);
      throw new ExpressionError('javascript engine did not start');
    }
    if (!waitWhile(current.state, signalStates.started, limitMs + graceMs)) {
      stopThread(current);
      throw new ExpressionError(`javascript took longer than ${limitMs}ms`);
    }
    const parsed = workerAnswer.safeParse(receiveMessageOnPort(port1)?.message);
    if (!parsed.success) throw new ExpressionError('javascript engine gave no answer');
    if (!parsed.data.ok) throw new ExpressionError(parsed.data.message);
    return parsed.data.value;
  } finally {
    port1.close();
  }
}

/** Refuses a script that does not parse, with QuickJS's message and position; nothing runs. */
export function validateJavascript(source: string): void {
  call({ kind: 'validate', source }, startLimitMs);
}

/**
 * Runs a script as canary-checker does: the check's variables are globals, and the answer is
 * the script's completion value converted to a string (`String(value)`). Runs in a fresh
 * QuickJS runtime with no host functions, under `limitMs` and a memory limit.
 */
export function evaluateJavascript(
  source: string,
  variables: Record<string, unknown>,
  limitMs: number,
): string {
  const variablesJson = JSON.stringify(variables, jsonSafe);
  return call({ kind: 'evaluate', source, variablesJson, limitMs }, limitMs);
}

/** CEL-ready variables hold BigInt ints and Maps; scripts see plain numbers and objects. */
function jsonSafe(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Map) return Object.fromEntries(value);
  if (value instanceof Set) return [...value];
  return value;
}
