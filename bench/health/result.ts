import { z } from 'zod';
import type { Stats } from '../measure.ts';
import type { TableCounters } from './db-stats.ts';
import type { GcSummary } from './gc-trace.ts';
import type { LateTimeline } from './late-seconds.ts';
import type { LatenessSummary } from './metrics-scrape.ts';
import type { ProfileSummary } from './profile-summary.ts';
import type { WindowUsage } from './sampler.ts';

/** Uptime Kuma 2.5, measured on this machine (the anchor). */
export const anchor = {
  cpuMsPerCheck: [3, 5],
  ceilingPerSecond: [200, 240],
  ceilingP99Ms: 65,
  addMs: [3000, 4000],
  kuma: { checks: 1000, intervalMs: 20_000, cores: 0.24, rssMB: 300 },
} as const;

export const goals = {
  /** Allows for runs whose slot sits on the window's edge. */
  completion: 0.999,
  latenessP50Ms: 2,
  latenessP99Ms: 25,
  cores: 0.5,
  rssMB: 256,
  editP95Ms: 200,
  kuma: { cores: 0.05, rssMB: 150 },
} as const;

const quantiles = z.object({ p50: z.number(), p99: z.number() });

/** What the cross-scenario table needs; stored in each block's JSON and read back. */
export const scenarioSummary = z.object({
  label: z.string(),
  date: z.string(),
  checks: z.number(),
  /** Load canaries actually created (fewer when creation ran out of its time budget). */
  created: z.number(),
  intervalS: z.number(),
  rate: z.number(),
  windowS: z.number(),
  /** Stored runs that started in the window; when the writer lags, rows written in it. */
  runs: z.number(),
  expected: z.number(),
  writerLagging: z.boolean(),
  failed: z.number(),
  perSecond: z.number(),
  latenessMetric: quantiles,
  latenessWindow: quantiles,
  /** False when the engine ran over half a period late: slot phases then wrap around. */
  latenessWindowValid: z.boolean(),
  serverCores: z.number(),
  cpuMsPerCheck: z.number(),
  rssMedianMB: z.number(),
  rssMaxMB: z.number(),
  postgresCores: z.number(),
  machineCores: z.number(),
  statusRowsPerSecond: z.number(),
  tuplesPerSecond: z.number(),
  addP95: z.number(),
  editP95: z.number(),
  /** Add/edit pairs timed; 0 when the run had no probes (--probe-every 0). */
  probes: z.number(),
  profiled: z.boolean(),
});
export type ScenarioSummary = z.infer<typeof scenarioSummary>;

export interface ScenarioDetails {
  readonly command: string;
  readonly machine: { nproc: number; cpu: string; node: string; postgres: string };
  readonly database: 'machine' | 'embedded';
  readonly commit: string;
  readonly createSeconds: number;
  readonly createBudgetS: number;
  readonly usage: WindowUsage;
  readonly latenessMetric: LatenessSummary;
  readonly latenessWindow: {
    p50: number;
    p90: number;
    p99: number;
    max: number;
    early: number;
    earlyMax?: number;
  };
  readonly durationMs: { p50: number; p99: number };
  readonly errors: readonly string[];
  readonly lateTimeline: LateTimeline;
  /** The server's GC pauses in the window, with --trace-gc. */
  readonly gc?: GcSummary;
  readonly rows: TableCounters;
  readonly add: Stats & { count: number };
  readonly edit: Stats & { count: number };
  readonly writeFailures: readonly string[];
  readonly scrape: { ms: number; bytes: number };
  /** Scrapes inside the window (--scrape-every): how often, and each one's time. */
  readonly scrapesDuring?: { everyS: number; ms: readonly number[] };
  readonly eventLoopMs: { p50: number; p99: number; max: number };
  /** The server's first warning and error log lines, if any. */
  readonly serverWarnings: readonly string[];
  readonly profile?: ProfileSummary;
}

export interface ScenarioResult {
  readonly summary: ScenarioSummary;
  readonly details: ScenarioDetails;
}

export interface GoalCheck {
  readonly name: string;
  readonly met: boolean;
  readonly text: string;
}

/** The goals for one scenario; Kuma's load has its own, tighter, resource goals. */
export function goalsOf(s: ScenarioSummary): GoalCheck[] {
  const share = s.runs / s.expected;
  // The exact window when its phases are sound; the engine's summary also spans the minutes
  // before the window (creation, the pre-window scrape), so it only stands in when they are not.
  const judged = s.latenessWindowValid ? s.latenessWindow : s.latenessMetric;
  const p50 = judged.p50;
  const p99 = judged.p99;
  const edit = Math.max(s.addP95, s.editP95);
  const kuma = isKumaLoad(s);
  const cores = kuma ? goals.kuma.cores : goals.cores;
  const rss = kuma ? goals.kuma.rssMB : goals.rssMB;
  const checks: GoalCheck[] = [
    { name: 'completed', met: share >= goals.completion, text: `${pct(share)} of scheduled runs` },
    {
      name: 'lateness',
      met: p50 <= goals.latenessP50Ms && p99 <= goals.latenessP99Ms,
      text: `p50 ${ms(p50)} ≤ ${goals.latenessP50Ms} ms, p99 ${ms(p99)} ≤ ${goals.latenessP99Ms} ms`,
    },
    {
      name: 'CPU',
      met: s.serverCores <= cores,
      text: `${pct(s.serverCores)} of a core ≤ ${pct(cores)}`,
    },
    { name: 'RSS', met: s.rssMaxMB <= rss, text: `max ${s.rssMaxMB.toFixed(0)} MB ≤ ${rss} MB` },
  ];
  if (s.probes > 0) {
    checks.push({ name: 'edit', met: edit < goals.editP95Ms, text: `p95 ${ms(edit)} < 200 ms` });
  }
  return checks;
}

/** Lateness met by a run that also completed its scheduled checks (late runs still count). */
export function meetsLateness(s: ScenarioSummary): boolean {
  const met = goalsOf(s).filter((g) => g.name === 'lateness' || g.name === 'completed');
  return met.length === 2 && met.every((g) => g.met);
}

export function isKumaLoad(s: Pick<ScenarioSummary, 'checks' | 'intervalS'>): boolean {
  return s.checks === anchor.kuma.checks && s.intervalS * 1000 === anchor.kuma.intervalMs;
}

export function pct(share: number): string {
  return `${(share * 100).toFixed(share < 0.1 ? 2 : 1)}%`;
}

export function ms(value: number): string {
  return `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;
}

/** `ours / theirs` for a range anchor, as "0.12–0.20×". */
export function ratio(ours: number, range: readonly [number, number] | readonly number[]): string {
  const [low = 1, high = 1] = range;
  const a = ours / high;
  const b = ours / low;
  const f = (v: number): string => (v < 0.1 ? v.toFixed(3) : v.toFixed(2));
  return low === high ? `${f(a)}×` : `${f(a)}–${f(b)}×`;
}
