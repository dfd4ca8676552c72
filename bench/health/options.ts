import { parseArgs } from 'node:util';

export interface BenchOptions {
  readonly checks: number;
  readonly intervalMs: number;
  readonly intervalText: string;
  readonly durationS: number;
  /** The bench/runs/health-scheduler.md block this run rewrites; runs with another label keep theirs. */
  readonly label: string;
  readonly embedded: boolean;
  readonly profile: boolean;
  /** Runs the server with --trace-gc and reports its pauses in the window. */
  readonly traceGc: boolean;
  /** Extra Node.js flags for the server process (V8 heap settings, heap snapshots). */
  readonly nodeFlags: readonly string[];
  readonly write: boolean;
  readonly batch: number;
  readonly editTargets: number;
  /** Creation stops after this long (s); the window then runs with the canaries made so far. */
  readonly createBudgetS: number;
  /** 0: no add/edit probes, so the window's CPU is the scheduler's alone. */
  readonly probeEveryMs: number;
  /** 0: no scrapes inside the window; else GET /api/metrics this often, as Prometheus would. */
  readonly scrapeEveryMs: number;
  /** The command as typed, for the report. */
  readonly command: string;
}

const usage = `usage: npm run bench:health-scheduler -- [--checks 10000] [--interval 10s]
  [--duration 300] [--label name] [--embedded] [--profile] [--trace-gc] [--node-flags=--max-semi-space-size=4] [--no-write]
  [--batch 500] [--probe-every 2000 (ms; 0 = no add/edit probes)] [--create-budget 600 (s)]
  [--scrape-every 0 (s; 0 = scrape /api/metrics only after the window)]`;

/** Flags of one scenario: N one-check HTTP canaries `@every interval`, measured for duration. */
export function parseOptions(argv: readonly string[]): BenchOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      checks: { type: 'string', default: '10000' },
      interval: { type: 'string', default: '10s' },
      duration: { type: 'string', default: '300' },
      label: { type: 'string' },
      embedded: { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      'trace-gc': { type: 'boolean', default: false },
      'node-flags': { type: 'string', default: '' },
      'no-write': { type: 'boolean', default: false },
      batch: { type: 'string', default: '500' },
      'probe-every': { type: 'string', default: '2000' },
      'create-budget': { type: 'string', default: '600' },
      'scrape-every': { type: 'string', default: '0' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  const checks = whole(values.checks, 'checks');
  const intervalMs = durationMs(values.interval);
  const durationS = whole(values.duration, 'duration');
  const key = `${checks}x${values.interval}-${durationS}s${values.profile ? '-profiled' : ''}`;
  return {
    checks,
    intervalMs,
    intervalText: values.interval,
    durationS,
    label: label(values.label ?? key),
    embedded: values.embedded,
    profile: values.profile,
    traceGc: values['trace-gc'],
    nodeFlags: values['node-flags'].split(/\s+/).filter((flag) => flag !== ''),
    write: !values['no-write'],
    batch: whole(values.batch, 'batch'),
    editTargets: 20,
    probeEveryMs: whole(values['probe-every'], 'probe-every', true),
    createBudgetS: whole(values['create-budget'], 'create-budget'),
    scrapeEveryMs: whole(values['scrape-every'], 'scrape-every', true) * 1000,
    command: ['npm run bench:health-scheduler', '--', ...argv].join(' ').replace(/ --$/, ''),
  };
}

function whole(text: string, name: string, zeroAllowed = false): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < (zeroAllowed ? 0 : 1)) {
    throw new Error(`--${name} must be a whole number`);
  }
  return value;
}

function durationMs(text: string): number {
  const match = /^(\d+)(ms|s|m)$/.exec(text);
  if (!match) throw new Error('--interval must be like 10s, 500ms or 1m');
  const unit = match[2] === 'ms' ? 1 : match[2] === 'm' ? 60_000 : 1000;
  const ms = Number(match[1]) * unit;
  if (ms < 1000) throw new Error('--interval must be at least 1s (the engine minimum)');
  return ms;
}

function label(text: string): string {
  if (!/^[\w.-]+$/.test(text)) throw new Error('--label may hold letters, digits, _ . and - only');
  return text;
}
