import { parseArgs } from 'node:util';

export interface BenchOptions {
  readonly checks: number;
  readonly intervalMs: number;
  readonly intervalText: string;
  readonly durationS: number;
  /** The RESULTS.md block this run rewrites; runs with another label keep theirs. */
  readonly label: string;
  readonly embedded: boolean;
  readonly profile: boolean;
  readonly write: boolean;
  readonly batch: number;
  readonly editTargets: number;
  readonly probeEveryMs: number;
  /** The command as typed, for the report. */
  readonly command: string;
}

const usage = `usage: npm run bench:health-scheduler -- [--checks 10000] [--interval 10s]
  [--duration 300] [--label name] [--embedded] [--profile] [--no-write]`;

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
      'no-write': { type: 'boolean', default: false },
      batch: { type: 'string', default: '500' },
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
    write: !values['no-write'],
    batch: whole(values.batch, 'batch'),
    editTargets: 20,
    probeEveryMs: 2000,
    command: ['npm run bench:health-scheduler', '--', ...argv].join(' ').replace(/ --$/, ''),
  };
}

function whole(text: string, name: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number`);
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
