import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Kernel clock ticks per second, the unit of /proc's CPU times. */
export const clockTicks = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** utime + stime of a process (all its threads) or one thread, in ticks; undefined once gone. */
export function cpuTicks(pid: number, thread?: number): number | undefined {
  let text: string;
  try {
    const file = thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`;
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  // The command name is in parentheses and may hold spaces: count fields after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Nanoseconds a thread has spent runnable but waiting for a CPU (/proc schedstat). */
export function runQueueWaitNs(pid: number, thread: number): number | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8');
    return Number(text.split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** Resident set size in bytes (VmRSS), or undefined once the process is gone. */
export function rssBytes(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The whole machine's busy and total jiffies, from the first line of /proc/stat. */
export function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = values.reduce((sum, v) => sum + v, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

/** CPU ticks of a changing set of processes: each counted from when it is first seen. */
export class TickLedger {
  readonly #first = new Map<number, number>();
  readonly #last = new Map<number, number>();

  observe(pids: Iterable<number>): void {
    for (const pid of pids) {
      const ticks = cpuTicks(pid);
      if (ticks === undefined) continue;
      if (!this.#first.has(pid)) this.#first.set(pid, ticks);
      this.#last.set(pid, ticks);
    }
  }

  /** Ticks used since each process was first seen, over all processes seen. */
  get ticks(): number {
    let sum = 0;
    for (const [pid, first] of this.#first) sum += (this.#last.get(pid) ?? first) - first;
    return sum;
  }

  get processes(): number {
    return this.#first.size;
  }
}
