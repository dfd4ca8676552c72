import {
  bucketOf,
  serialise,
} from '../../apps/server/src/modules/health/history/latency-histogram.ts';

/**
 * A check's cumulative latency histogram, kept with its buckets in order: a snapshot is
 * written at every hour's end (10.8M of them) and serialise() sorts on every call. Every
 * 997th snapshot is compared with serialise(), so the text is exactly what the engine writes.
 */
export class RunningHistogram {
  readonly counts = new Map<number, number>();
  private readonly keys: number[] = [];
  /** "bucket:count" per bucket, in bucket order. */
  private readonly pieces: string[] = [];
  private snapshots = 0;

  record(durationMs: number): void {
    const bucket = bucketOf(durationMs);
    const count = (this.counts.get(bucket) ?? 0) + 1;
    this.counts.set(bucket, count);
    let at = this.keys.indexOf(bucket);
    if (at < 0) {
      at = this.keys.findIndex((k) => k > bucket);
      if (at < 0) at = this.keys.length;
      this.keys.splice(at, 0, bucket);
      this.pieces.splice(at, 0, '');
    }
    this.pieces[at] = `${bucket}:${count}`;
  }

  text(): string {
    const out = this.pieces.join(',');
    if (this.snapshots++ % 997 === 0 && out !== serialise(this.counts)) {
      throw new Error(`bench: the running histogram disagrees with serialise(): ${out}`);
    }
    return out;
  }
}
