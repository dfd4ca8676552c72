import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CanaryRun, CheckResult } from '../history/check-result.ts';
import { ResultBatcher, type BatcherOptions } from './result-batcher.ts';

function result(n: number): CheckResult {
  return {
    checkId: `check-${n}`,
    canaryId: 'canary',
    time: new Date(n),
    duration: 1,
    pass: true,
    invalid: false,
    message: null,
    error: null,
    detail: null,
    nextRuntime: null,
  };
}

function run(n: number): CanaryRun {
  const base = { canaryName: 'c', agentId: 'a', durationMs: 1, passed: 1, failed: 0 };
  return { ...base, canaryId: `canary-${n}`, start: new Date(n), errors: [] };
}

const numbers = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

interface WriterState {
  readonly batches: number[][];
  readonly runs: string[][];
  readonly calls: number[];
  active: number;
  maxActive: number;
  failing: boolean;
  gate: Promise<void> | undefined;
}

/** A fake writer: records each batch, counts overlapping writes, and can be held or broken. */
function fakeWriter() {
  const state: WriterState = {
    batches: [],
    runs: [],
    calls: [],
    active: 0,
    maxActive: 0,
    failing: false,
    gate: undefined,
  };
  const write = async (results: CheckResult[], runs: CanaryRun[]): Promise<void> => {
    state.calls.push(Date.now());
    state.active++;
    state.maxActive = Math.max(state.maxActive, state.active);
    try {
      await state.gate;
      await Promise.resolve();
      if (state.failing) throw new Error('database unavailable');
      state.batches.push(results.map((r) => r.time.getTime()));
      state.runs.push(runs.map((r) => r.canaryId));
    } finally {
      state.active--;
    }
  };
  return { state, write, written: () => state.batches.flat() };
}

function options(overrides: Partial<BatcherOptions> = {}): BatcherOptions {
  return {
    flushMs: 100,
    maxBatch: 10,
    maxBuffered: 1000,
    log: pino({ level: 'silent' }),
    ...overrides,
  };
}

function held(): { promise: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('ResultBatcher', () => {
  it('writes in batches of at most maxBatch, in order, with the runs', async () => {
    const writer = fakeWriter();
    const batcher = new ResultBatcher(writer.write, options({ maxBatch: 10 }));
    batcher.add(numbers(1, 25).map(result), run(1));
    batcher.add([], run(2));
    await batcher.flush();
    expect(writer.state.batches.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(writer.written()).toEqual(numbers(1, 25));
    expect(writer.state.runs.flat()).toEqual(['canary-1', 'canary-2']);
    expect(batcher.buffered).toBe(0);
  });

  it('flushes on its timer, without anyone calling flush()', async () => {
    const writer = fakeWriter();
    const batcher = new ResultBatcher(writer.write, options({ flushMs: 100 }));
    batcher.start();
    batcher.add([result(1), result(2)]);
    await vi.advanceTimersByTimeAsync(50);
    expect(writer.state.batches).toEqual([]);
    await vi.advanceTimersByTimeAsync(60);
    expect(writer.state.batches).toEqual([[1, 2]]);
    batcher.add([result(3)]);
    await vi.advanceTimersByTimeAsync(100);
    expect(writer.state.batches).toEqual([[1, 2], [3]]);
    await batcher.stop();
  });

  it('writes at once when a full batch is waiting, before the timer', async () => {
    const writer = fakeWriter();
    const batcher = new ResultBatcher(writer.write, options({ flushMs: 10_000, maxBatch: 5 }));
    batcher.start();
    batcher.add(numbers(1, 5).map(result));
    await vi.advanceTimersByTimeAsync(1);
    expect(writer.state.batches).toEqual([numbers(1, 5)]);
    await batcher.stop();
  });

  it('keeps a failing batch and retries it with growing backoff until the writer recovers', async () => {
    const writer = fakeWriter();
    writer.state.failing = true;
    const batcher = new ResultBatcher(writer.write, options({ flushMs: 100 }));
    batcher.start();
    batcher.add([result(1), result(2)], run(1));
    await vi.advanceTimersByTimeAsync(3000);
    const calls = writer.state.calls;
    expect(calls.length).toBeGreaterThanOrEqual(3);
    const gaps = calls.slice(1).map((t, i) => t - (calls[i] ?? 0));
    for (const [i, gap] of gaps.entries()) {
      expect(gap).toBeGreaterThan(100);
      if (i > 0) expect(gap).toBeGreaterThan(gaps[i - 1] ?? 0);
    }
    expect(batcher.buffered).toBe(2);
    writer.state.failing = false;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(writer.state.batches).toEqual([[1, 2]]);
    expect(writer.state.runs).toEqual([['canary-1']]);
    expect(batcher.buffered).toBe(0);
    await batcher.stop();
  });

  it('rejects flush() while the writer fails, and keeps the results for the next one', async () => {
    const writer = fakeWriter();
    writer.state.failing = true;
    const batcher = new ResultBatcher(writer.write, options());
    batcher.add([result(1)]);
    await expect(batcher.flush()).rejects.toThrow('database unavailable');
    expect(batcher.buffered).toBe(1);
    writer.state.failing = false;
    await batcher.flush();
    expect(writer.state.batches).toEqual([[1]]);
  });

  it('never runs two writes at once when flush() and the timer coincide', async () => {
    const writer = fakeWriter();
    const gate = held();
    writer.state.gate = gate.promise;
    const batcher = new ResultBatcher(writer.write, options({ flushMs: 100, maxBatch: 3 }));
    batcher.start();
    batcher.add(numbers(1, 7).map(result));
    const first = batcher.flush();
    const second = batcher.flush();
    await vi.advanceTimersByTimeAsync(450);
    batcher.add(numbers(8, 9).map(result));
    await vi.advanceTimersByTimeAsync(100);
    expect(writer.state.calls).toHaveLength(1);
    gate.open();
    await Promise.all([first, second, vi.advanceTimersByTimeAsync(300)]);
    await batcher.flush();
    expect(writer.state.maxActive).toBe(1);
    expect(writer.written()).toEqual(numbers(1, 9));
    await batcher.stop();
  });

  it('drops the oldest results beyond maxBuffered while the writer is down', async () => {
    const writer = fakeWriter();
    writer.state.failing = true;
    const batcher = new ResultBatcher(writer.write, options({ maxBatch: 100, maxBuffered: 6 }));
    batcher.add(numbers(1, 4).map(result));
    await expect(batcher.flush()).rejects.toThrow('database unavailable');
    batcher.add(numbers(5, 10).map(result));
    expect(batcher.buffered).toBe(6);
    writer.state.failing = false;
    await batcher.flush();
    expect(writer.written()).toEqual(numbers(5, 10));
  });

  it('drops only results that were not written when the buffer overflows during a write', async () => {
    const writer = fakeWriter();
    const gate = held();
    writer.state.gate = gate.promise;
    const batcher = new ResultBatcher(writer.write, options({ maxBatch: 2, maxBuffered: 4 }));
    batcher.add(numbers(1, 4).map(result));
    const flushing = batcher.flush();
    await vi.advanceTimersByTimeAsync(1);
    batcher.add(numbers(5, 6).map(result));
    gate.open();
    await flushing;
    await batcher.flush();
    // 1 and 2 were already being written; the newest four (3..6) are within maxBuffered.
    const written = writer.written();
    expect(written).toEqual(expect.arrayContaining(numbers(3, 6)));
    expect(new Set(written).size).toBe(written.length);
  });
});
