import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  newQuickJSWASMModuleFromVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';

/** A script that does not parse, failed, or ran out of time or memory; the message says which. */
export class SandboxError extends Error {}

/** The QuickJS WebAssembly module, loaded once; every evaluation gets its own runtime in it. */
let quickjs: QuickJSWASMModule | undefined = await newQuickJSWASMModuleFromVariant(
  import('@jitl/quickjs-wasmfile-release-sync'),
);

/** Heap and native stack of one evaluation: enough for any check's data, not for a bomb. */
export const javascriptMemoryLimitBytes = 32 * 1024 * 1024;
/** Below Node's own stack, so deep recursion ends as QuickJS's catchable "stack overflow". */
const maxStackBytes = 256 * 1024;
/** Compiling, loading underscore and the variables: bounded, but not by the script's limit. */
const setupLimitMs = 1000;

/** canary-checker's otto offers underscore as `_`; parsing it costs ~15ms, so only when used. */
const usesUnderscore = /(^|[^\w$.])_\s*[.(]/;
let underscoreSource: string | undefined;

/**
 * The QuickJS side of `javascript` expressions. It runs inside javascript-worker.ts's thread,
 * which the server terminates when a script overruns its limit inside a long built-in.
 */

/**
 * Refuses a script that does not parse, with QuickJS's message and position. Nothing runs:
 * the script is compiled only.
 */
export function validateJavascript(source: string): void {
  withContext((context) => {
    const result = context.evalCode(source, 'javascript', { compileOnly: true });
    if (result.error) throw new SandboxError(describeError(context, result.error));
    result.value.dispose();
  });
}

/**
 * Runs a script as canary-checker does: the check's variables are globals, and the answer is
 * the script's completion value converted to a string (`String(value)`). Runs in a fresh
 * QuickJS runtime with no host functions, under `limitMs` and a memory limit. `onStart` is
 * called as the script itself starts, after its setup.
 */
export function evaluateJavascript(
  source: string,
  variablesJson: string,
  limitMs: number,
  onStart: () => void = () => undefined,
): string {
  return withContext((context, runtime) => {
    if (usesUnderscore.test(source)) loadUnderscore(context);
    setGlobals(context, variablesJson);
    onStart();
    runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + limitMs));
    const result = context.evalCode(source, 'javascript');
    if (result.error) throw new SandboxError(describeError(context, result.error, limitMs));
    return stringOf(context, result.value);
  });
}

function withContext<T>(use: (context: QuickJSContext, runtime: QuickJSRuntime) => T): T {
  // A runtime per evaluation costs ~1ms and leaves nothing behind: one that ran out of memory
  // is not trusted again, and no global survives into the next script.
  if (!quickjs) throw new SandboxError('javascript engine is restarting');
  const runtime = quickjs.newRuntime();
  runtime.setMemoryLimit(javascriptMemoryLimitBytes);
  runtime.setMaxStackSize(maxStackBytes);
  runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + setupLimitMs));
  const context = runtime.newContext();
  try {
    return use(context, runtime);
  } finally {
    release(context, runtime);
  }
}

/** A WebAssembly module that aborted is unusable: load a fresh one and refuse until then. */
function release(context: QuickJSContext, runtime: QuickJSRuntime): void {
  try {
    context.dispose();
    runtime.dispose();
  } catch {
    quickjs = undefined;
    void newQuickJSWASMModuleFromVariant(import('@jitl/quickjs-wasmfile-release-sync')).then(
      (loaded) => (quickjs = loaded),
    );
  }
}

function loadUnderscore(context: QuickJSContext): void {
  underscoreSource ??= readFileSync(
    createRequire(import.meta.url).resolve('underscore/underscore-umd-min.js'),
    'utf8',
  );
  const result = context.evalCode(underscoreSource, 'underscore.js');
  if (result.error) throw new SandboxError(describeError(context, result.error));
  result.value.dispose();
}

/** Variables cross as one JSON text, parsed inside: no host object is ever reachable. */
function setGlobals(context: QuickJSContext, variablesJson: string): void {
  const json = context.newString(variablesJson);
  const assign = context.evalCode(
    '(function (text) { var v = JSON.parse(text); for (var k in v) globalThis[k] = v[k]; })',
  );
  try {
    const fn = context.unwrapResult(assign);
    try {
      context.unwrapResult(context.callFunction(fn, context.undefined, json)).dispose();
    } finally {
      fn.dispose();
    }
  } finally {
    json.dispose();
  }
}

function stringOf(context: QuickJSContext, value: QuickJSHandle): string {
  const toString = context.getProp(context.global, 'String');
  try {
    const converted = context.callFunction(toString, context.undefined, value);
    if (converted.error) throw new SandboxError(describeError(context, converted.error));
    try {
      return context.getString(converted.value);
    } finally {
      converted.value.dispose();
    }
  } finally {
    toString.dispose();
    value.dispose();
  }
}

function describeError(context: QuickJSContext, handle: QuickJSHandle, limitMs?: number): string {
  const dumped: unknown = context.dump(handle);
  handle.dispose();
  const name = field(dumped, 'name');
  const message = field(dumped, 'message') ?? String(dumped);
  if (name === 'InternalError' && message === 'interrupted') {
    return `javascript took longer than ${limitMs ?? 0}ms`;
  }
  if (name === 'InternalError' && message === 'out of memory') {
    return `javascript exceeded its ${javascriptMemoryLimitBytes / 1024 / 1024} MiB memory limit`;
  }
  const where = /:(\d+):(\d+)/.exec(field(dumped, 'stack') ?? '');
  const position = where ? ` (line ${where[1]}, column ${where[2]})` : '';
  return `${name ?? 'Error'}: ${message}${position}`;
}

function field(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null || !(key in value)) return undefined;
  const found: unknown = Reflect.get(value, key);
  return typeof found === 'string' ? found : undefined;
}
