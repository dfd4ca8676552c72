import v8 from 'node:v8';

/**
 * By default V8 lets the old generation grow to several times the live heap, so a busy engine
 * (76 MB live at 1,000 checks/s) sat at 314 MB resident; growing by half the live heap keeps
 * it under 256 MB for a few per cent more CPU (bench/runs/health-scheduler.md).
 */
export const heapGrowingPercent = 50;

/**
 * V8 flags that only take effect when the process starts, so every launcher passes them (npm
 * start, `npm run vigil`, the vigil bin, the e2e and benchmark servers). A 4 MB semi-space keeps
 * the young generation small (the default grows it to 16 MB and more) but scavenges less often
 * than 1 MB: 10% less CPU at 1,000 checks/s for 13 MB more resident. Scavenging on the main
 * thread saves the helper threads' hand-offs at every scavenge, which on two cores compete
 * with PostgreSQL and the probes: 6% less CPU at 50 checks/s. Marking stays concurrent, since
 * a single-threaded GC doubled p99 lateness at 1,000 checks/s (bench/runs/health-start-slack-2026-11-25.md).
 */
export const serverNodeFlags: readonly string[] = [
  '--max-semi-space-size=4',
  '--no-parallel-scavenge',
];

/** Applies the heap policy unless the operator chose one (NODE_OPTIONS or node flags). */
export function tuneHeap(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  const chosen = [...execArgv, nodeOptions].some((flag) => flag.includes('heap-growing-percent'));
  if (chosen) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${heapGrowingPercent}`);
  return true;
}
