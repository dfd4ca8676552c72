/** When the seeded history starts and ends; every time is epoch ms. */
export interface Timeline {
  /** The seed's "now": runs up to here are seeded, later ones are written by the engine. */
  readonly anchor: number;
  /** The first run of every check: 90 days before the anchor's hour. */
  readonly historyStart: number;
  /** Raw statuses are kept for runs after this (7 days before the anchor). */
  readonly rawSince: number;
  readonly intervalMs: number;
}

export interface Outage {
  readonly from: number;
  readonly to: number;
}

/** How one check behaves: a pure function of its index, so any run can be recomputed. */
export interface CheckProfile {
  readonly index: number;
  readonly id: string;
  readonly canaryId: string;
  readonly name: string;
  /** Where in the 5-minute period the check runs. */
  readonly offsetMs: number;
  readonly baseMs: number;
  readonly failRate: number;
  readonly slowRate: number;
  readonly outages: readonly Outage[];
}

export interface Run {
  readonly time: number;
  readonly duration: number;
  readonly pass: boolean;
  readonly error: string | null;
}

const hourMs = 3_600_000;
const dayMs = 86_400_000;

export function timelineAt(now: number, days = 90, rawDays = 7): Timeline {
  return {
    anchor: now,
    historyStart: Math.floor(now / hourMs) * hourMs - days * dayMs,
    rawSince: now - rawDays * dayMs,
    intervalMs: 300_000,
  };
}

/** Check 0 had a two-hour outage three days ago; check 1 has been failing for 40 minutes. */
export const outageChecks = { past: 0, ongoing: 1 } as const;

export function profileOf(index: number, id: string, canaryId: string, name: string, t: Timeline) {
  const kind = index % 50;
  const u = unit(index, 0, 1);
  const baseMs = kind < 45 ? 5 + 45 * u : kind < 49 ? 50 + 250 * u : 500 + 2500 * u;
  const outages: Outage[] = [];
  if (index === outageChecks.past) {
    outages.push({ from: t.anchor - 3 * dayMs - 2 * hourMs, to: t.anchor - 3 * dayMs });
  }
  if (index === outageChecks.ongoing) {
    outages.push({ from: t.anchor - 40 * 60_000, to: Number.POSITIVE_INFINITY });
  }
  const quiet = outages.length > 0;
  const profile: CheckProfile = {
    index,
    id,
    canaryId,
    name,
    offsetMs: Math.floor(unit(index, 0, 2) * t.intervalMs),
    baseMs,
    failRate: quiet ? 0 : index % 20 === 7 ? 0.05 : 0.002,
    slowRate: quiet ? 0 : 0.01,
    outages,
  };
  return profile;
}

/** The k-th run of a check (k = 0 at the history's start). */
export function runOf(p: CheckProfile, t: Timeline, k: number): Run {
  const time = t.historyStart + p.offsetMs + k * t.intervalMs;
  if (p.outages.some((o) => time >= o.from && time < o.to)) {
    return { time, duration: 10_000 + Math.floor(unit(p.index, k, 3) * 40), pass: false, error };
  }
  const roll = unit(p.index, k, 4);
  if (roll < p.failRate) {
    return p.index % 2 === 0
      ? { time, duration: 10_000 + Math.floor(unit(p.index, k, 5) * 40), pass: false, error }
      : { time, duration: 1 + Math.floor(unit(p.index, k, 5) * 3), pass: false, error: refused };
  }
  if (roll < p.failRate + p.slowRate) {
    const slow = p.baseMs * (3 + 17 * unit(p.index, k, 6));
    return { time, duration: Math.round(slow), pass: true, error: null };
  }
  // Roughly log-normal around the check's base latency (sigma 0.2).
  const z = (unit(p.index, k, 7) + unit(p.index, k, 8) + unit(p.index, k, 9) - 1.5) * 2;
  return {
    time,
    duration: Math.max(1, Math.round(p.baseMs * Math.exp(0.2 * z))),
    pass: true,
    error: null,
  };
}

/** Indexes of the runs with from < time ≤ to. */
export function runRange(p: CheckProfile, t: Timeline, from: number, to: number): [number, number] {
  const first = t.historyStart + p.offsetMs;
  const lo = Math.max(0, Math.floor((from - first) / t.intervalMs) + 1);
  const hi = Math.floor((to - first) / t.intervalMs);
  return [lo, hi];
}

const error = 'timed out after 10s';
const refused = 'connect ECONNREFUSED';

/** A deterministic hash of (a, b, salt) in [0, 1). */
export function unit(a: number, b: number, salt: number): number {
  let h = mix(Math.imul(a + 0x632be5ab, 0x9e3779b1) ^ salt);
  h = mix(h ^ Math.imul(b + 0x5bd1e995, 0x85ebca6b));
  return (h >>> 0) / 4_294_967_296;
}

function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b);
  h ^= h >>> 16;
  return h;
}
