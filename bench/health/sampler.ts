import os from 'node:os';
import type pg from 'pg';
import { z } from 'zod';
import {
  clockTicks,
  cpuTicks,
  machineTicks,
  rssBytes,
  runQueueWaitNs,
  TickLedger,
} from './proc.ts';

export interface CpuShare {
  /** CPU seconds used in the window per wall second: 1 = one whole core. */
  readonly cores: number;
  readonly cpuSeconds: number;
}

export interface WindowUsage {
  readonly seconds: number;
  readonly server: CpuShare;
  /** The server's main thread alone: the event loop (the rest is GC, libuv, the loader). */
  readonly serverMain: CpuShare;
  /** Share of the window the main thread was runnable but waiting for a CPU (other load). */
  readonly serverMainWaiting: number;
  readonly target: CpuShare;
  readonly bench: CpuShare;
  /** Backends (and autovacuum workers) connected to the bench database. */
  readonly postgresBench: CpuShare & { readonly processes: number };
  /** WAL writer, checkpointer, …: shared with every database on the server. */
  readonly postgresShared: CpuShare & { readonly processes: number };
  /** Busy share of the whole machine, all cores (2 cores fully busy = 2). */
  readonly machine: CpuShare;
  readonly rssBytes: { readonly median: number; readonly max: number; readonly samples: number };
  readonly loadAverage: { readonly start: number; readonly end: number };
}

const activity = z.array(z.object({ pid: z.number(), shared: z.boolean() }));

/**
 * Samples once a second over the window: the server's RSS, and the CPU ticks of the server,
 * the target, PostgreSQL's processes and the whole machine (the machine is shared and noisy).
 */
export class WindowSampler {
  readonly #benchLedger = new TickLedger();
  readonly #sharedLedger = new TickLedger();
  readonly #rss: number[] = [];
  #timer: NodeJS.Timeout | undefined;
  #started = 0;
  #startTicks = { server: 0, serverMain: 0, target: 0, waitNs: 0 };
  #machine = { busy: 0, total: 0 };
  #bench = process.cpuUsage();
  #load = 0;
  #sampling: Promise<void> = Promise.resolve();

  constructor(
    private readonly serverPid: number,
    private readonly targetPid: number,
    private readonly monitor: pg.Client,
  ) {}

  async start(): Promise<void> {
    this.#started = performance.now();
    this.#startTicks = {
      server: cpuTicks(this.serverPid) ?? 0,
      serverMain: cpuTicks(this.serverPid, this.serverPid) ?? 0,
      target: cpuTicks(this.targetPid) ?? 0,
      waitNs: runQueueWaitNs(this.serverPid, this.serverPid) ?? 0,
    };
    this.#machine = machineTicks();
    this.#bench = process.cpuUsage();
    this.#load = os.loadavg()[0] ?? 0;
    await this.#sample();
    this.#timer = setInterval(() => {
      this.#sampling = this.#sampling.then(() => this.#sample());
    }, 1000);
  }

  async stop(): Promise<WindowUsage> {
    clearInterval(this.#timer);
    await this.#sampling;
    await this.#sample();
    const seconds = (performance.now() - this.#started) / 1000;
    const share = (ticks: number): CpuShare => ({
      cores: ticks / clockTicks / seconds,
      cpuSeconds: ticks / clockTicks,
    });
    const machine = machineTicks();
    const machineCores =
      ((machine.busy - this.#machine.busy) / (machine.total - this.#machine.total)) *
      os.availableParallelism();
    const bench = process.cpuUsage(this.#bench);
    const sorted = [...this.#rss].sort((a, b) => a - b);
    return {
      seconds,
      server: share((cpuTicks(this.serverPid) ?? 0) - this.#startTicks.server),
      serverMain: share(
        (cpuTicks(this.serverPid, this.serverPid) ?? 0) - this.#startTicks.serverMain,
      ),
      serverMainWaiting:
        ((runQueueWaitNs(this.serverPid, this.serverPid) ?? 0) - this.#startTicks.waitNs) /
        1e9 /
        seconds,
      target: share((cpuTicks(this.targetPid) ?? 0) - this.#startTicks.target),
      bench: {
        cores: (bench.user + bench.system) / 1e6 / seconds,
        cpuSeconds: (bench.user + bench.system) / 1e6,
      },
      postgresBench: { ...share(this.#benchLedger.ticks), processes: this.#benchLedger.processes },
      postgresShared: {
        ...share(this.#sharedLedger.ticks),
        processes: this.#sharedLedger.processes,
      },
      machine: { cores: machineCores, cpuSeconds: machineCores * seconds },
      rssBytes: {
        median: sorted[Math.floor(sorted.length / 2)] ?? 0,
        max: sorted[sorted.length - 1] ?? 0,
        samples: sorted.length,
      },
      loadAverage: { start: this.#load, end: os.loadavg()[0] ?? 0 },
    };
  }

  async #sample(): Promise<void> {
    const rss = rssBytes(this.serverPid);
    if (rss !== undefined) this.#rss.push(rss);
    try {
      const found = await this.monitor.query(
        `select pid, datname is null as shared from pg_stat_activity
         where (datname = current_database() or datname is null) and pid <> pg_backend_pid()`,
      );
      const rows = activity.parse(found.rows);
      this.#benchLedger.observe(rows.filter((r) => !r.shared).map((r) => r.pid));
      this.#sharedLedger.observe(rows.filter((r) => r.shared).map((r) => r.pid));
    } catch {
      // PostgreSQL on another host (no /proc access) or busy: its CPU is simply not counted.
    }
  }
}
