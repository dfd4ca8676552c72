import { z } from 'zod';

/** A Chromium trace event, the fields the frame and main-thread figures need. */
const traceEvent = z.object({
  name: z.string(),
  cat: z.string().optional().default(''),
  ph: z.string(),
  ts: z.number().optional().default(0),
  dur: z.number().optional(),
  tdur: z.number().optional(),
  pid: z.number(),
  tid: z.number(),
  id: z.union([z.string(), z.number()]).optional(),
  id2: z.unknown().optional(),
  args: z.record(z.string(), z.unknown()).optional().default({}),
});
type TraceEvent = z.output<typeof traceEvent>;
const traceFile = z.union([z.object({ traceEvents: z.array(z.unknown()) }), z.array(z.unknown())]);

export const traceCategories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'blink',
  'cc',
  'benchmark',
  'rail',
  'toplevel',
  '__metadata',
];

// DevTools' own grouping of main-thread work; unnamed children take their parent's group.
const groups: Record<string, string> = {
  FunctionCall: 'scripting',
  EvaluateScript: 'scripting',
  'v8.compile': 'scripting',
  'v8.callFunction': 'scripting',
  'v8.run': 'scripting',
  V8Execute: 'scripting',
  TimerFire: 'scripting',
  FireAnimationFrame: 'scripting',
  EventDispatch: 'scripting',
  RunMicrotasks: 'scripting',
  MajorGC: 'gc',
  MinorGC: 'gc',
  'V8.GC_SCAVENGER': 'gc',
  'V8.GC_MARK_COMPACTOR': 'gc',
  'BlinkGC.AtomicPhase': 'gc',
  ParseHTML: 'loading',
  ResourceReceivedData: 'loading',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  Layout: 'layout',
  UpdateLayerTree: 'prepaint',
  PrePaint: 'prepaint',
  Layerize: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  UpdateLayer: 'paint',
  CompositeLayers: 'paint',
  Commit: 'commit',
  HitTest: 'other',
  RasterTask: 'raster',
};

export interface TraceFigures {
  /** Seconds of the window analysed (the scroll). */
  readonly seconds: number;
  /** CPU milliseconds per second of the renderer's main thread, by DevTools group. */
  readonly mainMsPerS: Record<string, number>;
  /** Main-thread (our code: scripting, style, layout, paint recording) ms per 16.7 ms slot. */
  readonly mainMsPerFrame: number;
  /** Main-thread frames committed to the compositor, and main-thread CPU ms per such frame. */
  readonly mainFrames: number;
  readonly mainMsPerMainFrame: number;
  /** Raster-worker ms per 16.7 ms slot: software rasterisation, Chromium's cost, not ours. */
  readonly rasterMsPerFrame: number;
  readonly compositorMsPerS: number;
  /** Frames from cc's PipelineReporter: presented, dropped (an update was wanted and missed). */
  readonly presented: number;
  readonly dropped: number;
  /** Presented frames that showed missing (checkerboarded) content. */
  readonly checkerboarded: number;
  /** Presented frames per second over the frames that wanted an update: 60 × shown / wanted. */
  readonly fps: number;
}

function threadNames(events: readonly TraceEvent[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.ph === 'M' && e.name === 'thread_name')
      names.set(`${e.pid}:${e.tid}`, String(e.args.name));
  }
  return names;
}

/**
 * Self CPU time (thread time, so a loaded machine's waits are not counted) of complete events
 * per group, nested events counted once (DevTools' method).
 */
function selfTimes(
  events: readonly TraceEvent[],
  from: number,
  to: number,
): Record<string, number> {
  const sorted = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && e.ts >= from && e.ts <= to)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const totals: Record<string, number> = {};
  const stack: Array<{ end: number; group: string; self: number }> = [];
  const close = (until: number): void => {
    while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= until) {
      const top = stack.pop();
      if (top && top.group !== 'idle') totals[top.group] = (totals[top.group] ?? 0) + top.self;
    }
  };
  for (const e of sorted) {
    const dur = e.dur ?? 0;
    const cpu = e.tdur ?? dur;
    close(e.ts);
    const parent = stack.at(-1);
    if (parent) parent.self -= cpu;
    const group =
      groups[e.name] ??
      (parent
        ? parent.group
        : e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'
          ? 'other'
          : 'idle');
    stack.push({ end: e.ts + dur, group, self: cpu });
  }
  close(Number.POSITIVE_INFINITY);
  return totals;
}

/** Frame and main-thread figures of the window between the first and last `mark` user timings. */
export function analyseTrace(json: string, mark: string): TraceFigures {
  const parsed = traceFile.parse(JSON.parse(json));
  const raw = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const events = raw.flatMap((e) => {
    const ok = traceEvent.safeParse(e);
    return ok.success ? [ok.data] : [];
  });
  const names = threadNames(events);
  const marks = events.filter((e) => e.name === mark).map((e) => e.ts);
  const from = Math.min(...marks);
  const to = Math.max(...marks);
  const seconds = (to - from) / 1e6;
  const markPid = events.find((e) => e.name === mark)?.pid;
  const onThread = (pattern: RegExp) =>
    events.filter((e) => e.pid === markPid && pattern.test(names.get(`${e.pid}:${e.tid}`) ?? ''));
  const main = selfTimes(onThread(/^CrRendererMain$/), from, to);
  const sum = (record: Record<string, number>): number =>
    Object.values(record).reduce((a, b) => a + b, 0);
  // Raster tasks run on the renderer's worker pool; their whole time is rasterisation.
  const raster = events
    .filter((e) => e.pid === markPid && e.name === 'RasterTask' && e.ph === 'X')
    .filter((e) => e.ts >= from && e.ts <= to)
    .reduce((total, e) => total + (e.dur ?? 0), 0);
  const compositor = sum(selfTimes(onThread(/^Compositor$/), from, to));
  const reports = events.filter(
    (e) =>
      e.pid === markPid &&
      e.name === 'PipelineReporter' &&
      (e.ph === 'b' || e.ph === 'X') &&
      e.ts >= from &&
      e.ts <= to,
  );
  const state = (e: TraceEvent): string => {
    const args = e.args.frame_reporter ?? e.args.chrome_frame_reporter;
    const reporter = z.object({ state: z.string() }).safeParse(args);
    return reporter.success ? reporter.data.state : 'unknown';
  };
  const dropped = reports.filter((e) => state(e) === 'STATE_DROPPED').length;
  const perS = (ms: number): number => Math.round((ms / 1000 / seconds) * 10) / 10;
  const perSlot = (us: number): number => Math.round((us / 1000 / seconds / 60) * 10) / 10;
  const missing = (e: TraceEvent): boolean => {
    const args = z.object({ has_missing_content: z.boolean() }).safeParse(e.args.frame_reporter);
    return args.success && args.data.has_missing_content;
  };
  const commits = onThread(/^CrRendererMain$/).filter(
    (e) => e.name === 'Commit' && e.ph === 'X' && e.ts >= from && e.ts <= to,
  ).length;
  const shown = reports.filter((e) => state(e).startsWith('STATE_PRESENTED'));
  const wanted = shown.length + dropped;
  return {
    seconds,
    mainMsPerS: Object.fromEntries(Object.entries(main).map(([k, v]) => [k, perS(v)])),
    mainMsPerFrame: perSlot(sum(main)),
    mainFrames: commits,
    mainMsPerMainFrame: commits > 0 ? Math.round(sum(main) / 100 / commits) / 10 : 0,
    rasterMsPerFrame: perSlot(raster),
    compositorMsPerS: perS(compositor),
    presented: shown.length,
    dropped,
    checkerboarded: shown.filter(missing).length,
    fps: wanted > 0 ? Math.round((60 * shown.length * 10) / wanted) / 10 : 0,
  };
}
