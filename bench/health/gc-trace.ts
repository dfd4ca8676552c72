export interface GcPauses {
  readonly count: number;
  readonly totalMs: number;
  readonly maxMs: number;
}

export interface GcSummary {
  readonly scavenge: GcPauses;
  readonly markCompact: GcPauses;
  /** The longest pauses, seconds from the window's start. */
  readonly worst: ReadonlyArray<{
    readonly at: number;
    readonly kind: string;
    readonly ms: number;
  }>;
}

// e.g. "[1:0x…]  4567 ms: Mark-Compact 420.1 (460.2) -> 300.5 (440.1) MB, 5.67 / 0.00 ms ..."
const gcLine =
  /ms: ((?:Minor )?Mark-Compact(?: \(reduce\))?|Scavenge|Mark-Sweep)[^,]*MB, ([\d.]+) \//;

/** The server's --trace-gc lines, stamped on arrival, summarised over a window. */
export class GcTrace {
  readonly #events: Array<{ at: number; kind: string; ms: number }> = [];

  listen(line: string): void {
    const match = gcLine.exec(line);
    if (match?.[1]) this.#events.push({ at: Date.now(), kind: match[1], ms: Number(match[2]) });
  }

  summarise(from: number, to: number): GcSummary {
    const inside = this.#events.filter((e) => e.at >= from && e.at <= to);
    const pauses = (minor: boolean): GcPauses => {
      const list = inside.filter((e) => (e.kind === 'Scavenge') === minor).map((e) => e.ms);
      return {
        count: list.length,
        totalMs: list.reduce((sum, v) => sum + v, 0),
        maxMs: Math.max(0, ...list),
      };
    };
    const worst = [...inside]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8)
      .map((e) => ({ at: Math.round((e.at - from) / 1000), kind: e.kind, ms: e.ms }));
    return { scavenge: pauses(true), markCompact: pauses(false), worst };
  }
}
