import { setImmediate as nextTurn } from 'node:timers/promises';
import type { CheckResult } from '../history/check-result.ts';

export interface CheckLabels {
  readonly name: string;
  readonly type: string;
  readonly canaryName: string;
  readonly canaryNamespace: string;
}

/** canary-checker's duration buckets, in milliseconds. */
const durationBuckets = [5, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000, 30000] as const;

/** Runs of the checks that share one label set (type, canary, namespace, name). */
interface RunSeries {
  readonly labels: string;
  readonly buckets: Float64Array;
  sum: number;
  count: number;
  passed: number;
  failed: number;
  errored: number;
}

interface StatusSeries {
  readonly labels: CheckLabels;
  readonly text: string;
  readonly runs: RunSeries;
  status: number;
}

/** Lines rendered between two turns of the event loop: a millisecond or two of work. */
const linesPerTurn = 2000;

/**
 * The per-check metric families, named and labelled as canary-checker's so existing
 * dashboards work: `canary_check` (0 passing, 1 failing) per check, and the duration
 * histogram and the success/failed/error counters per label set. With 10,000 checks these are
 * about 190,000 lines, which prom-client renders in one synchronous pass per family (over a
 * second, during which no check starts). Kept here as plain numbers and rendered in slices.
 */
export class CheckSeries {
  readonly #status = new Map<string, StatusSeries>();
  readonly #runs = new Map<string, RunSeries>();

  observe(result: CheckResult, labels: CheckLabels): void {
    let series = this.#status.get(result.checkId);
    // A renamed check's old status series would read as a second, frozen check.
    if (series === undefined || !sameLabels(series.labels, labels)) {
      series = this.#track(result.checkId, labels);
    }
    series.status = result.pass ? 0 : 1;
    const runs = series.runs;
    const bucket = durationBuckets.findIndex((bound) => result.duration <= bound);
    if (bucket >= 0) runs.buckets[bucket] = (runs.buckets[bucket] ?? 0) + 1;
    runs.sum += result.duration;
    runs.count++;
    if (result.invalid) runs.errored++;
    else if (result.pass) runs.passed++;
    else runs.failed++;
  }

  #track(checkId: string, labels: CheckLabels): StatusSeries {
    const text = labelText(labels);
    let runs = this.#runs.get(text);
    if (runs === undefined) {
      const buckets = new Float64Array(durationBuckets.length);
      runs = { labels: text, buckets, sum: 0, count: 0, passed: 0, failed: 0, errored: 0 };
      this.#runs.set(text, runs);
    }
    const series = { labels, text: `${text},key="${escape(checkId)}"`, runs, status: 0 };
    this.#status.set(checkId, series);
    return series;
  }

  /** The families in the Prometheus text format, a slice at a time, yielding in between. */
  async *render(): AsyncGenerator<string> {
    const statuses = [...this.#status.values()];
    const runs = [...this.#runs.values()];
    yield* sliced(
      header('canary_check', 'Status of the check: 0 passing, 1 failing', 'gauge'),
      statuses,
      (s) => `canary_check{${s.text}} ${s.status}\n`,
      1,
    );
    yield* sliced(
      header('canary_check_duration', 'How long the check took, in milliseconds', 'histogram'),
      runs,
      histogramLines,
      durationBuckets.length + 3,
    );
    const counters = [
      ['canary_check_success_count', 'Check runs that passed', 'passed'],
      ['canary_check_failed_count', 'Check runs that failed', 'failed'],
      ['canary_check_error_count', 'Check runs that could not be evaluated (invalid)', 'errored'],
    ] as const;
    for (const [name, help, field] of counters) {
      yield* sliced(
        header(name, help, 'counter'),
        runs,
        (r) => `${name}{${r.labels}} ${r[field]}\n`,
        1,
      );
    }
  }
}

async function* sliced<T>(
  head: string,
  items: readonly T[],
  lines: (item: T) => string,
  linesPerItem: number,
): AsyncGenerator<string> {
  const perTurn = Math.max(1, Math.floor(linesPerTurn / linesPerItem));
  let text = head;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (item !== undefined) text += lines(item);
    if ((i + 1) % perTurn === 0) {
      yield text;
      text = '';
      await nextTurn();
    }
  }
  if (text !== '') yield text;
}

function histogramLines(r: RunSeries): string {
  let text = '';
  let cumulative = 0;
  for (let i = 0; i < durationBuckets.length; i++) {
    cumulative += r.buckets[i] ?? 0;
    text += `canary_check_duration_bucket{le="${durationBuckets[i]}",${r.labels}} ${cumulative}\n`;
  }
  text += `canary_check_duration_bucket{le="+Inf",${r.labels}} ${r.count}\n`;
  text += `canary_check_duration_sum{${r.labels}} ${r.sum}\n`;
  return `${text}canary_check_duration_count{${r.labels}} ${r.count}\n`;
}

function header(name: string, help: string, type: string): string {
  return `# HELP ${name} ${help}\n# TYPE ${name} ${type}\n`;
}

function labelText(labels: CheckLabels): string {
  return (
    `type="${escape(labels.type)}",canary_name="${escape(labels.canaryName)}",` +
    `canary_namespace="${escape(labels.canaryNamespace)}",name="${escape(labels.name)}"`
  );
}

/** A label value in the text format: backslash, newline and double quote escaped. */
function escape(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('\n', '\\n').replaceAll('"', '\\"');
}

function sameLabels(a: CheckLabels, b: CheckLabels): boolean {
  return (
    a.name === b.name &&
    a.type === b.type &&
    a.canaryName === b.canaryName &&
    a.canaryNamespace === b.canaryNamespace
  );
}
