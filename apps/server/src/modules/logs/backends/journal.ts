import { execFile } from 'node:child_process';
import type { LogLine } from '@vigil/domain';
import { z } from 'zod';
import { commonBackendFields, defineLogBackend, LogBackendError } from './log-backend.ts';

const absolute = z
  .string()
  .min(1)
  .refine((text) => text.startsWith('/'), 'must be an absolute path');
const journalField = /^_{0,2}[A-Z0-9_]+$/;

const journalConfig = z.strictObject({
  ...commonBackendFields,
  /** A journal directory (`--directory`); the machine's own journal when neither is set. */
  directory: absolute.optional(),
  /** Journal files or globs (`--file`), e.g. made by systemd-journal-remote from an export. */
  files: z.array(absolute).min(1).optional(),
  /** Units whose lines are read (`_SYSTEMD_UNIT=`); every unit when unset. */
  units: z.array(z.string().min(1)).optional(),
  /** Further journal field matches, FIELD=value (`SYSLOG_IDENTIFIER`, `_HOSTNAME` …). */
  matches: z
    .record(z.string().regex(journalField, 'must be a journal field name'), z.string())
    .optional(),
  /** journalctl's own path; `journalctl` on the PATH by default. */
  journalctl: absolute.optional(),
});
type JournalConfig = z.infer<typeof journalConfig>;

/** Search labels that name journal fields; upper-case keys are taken as fields themselves. */
const labelFields: Readonly<Record<string, string>> = {
  unit: '_SYSTEMD_UNIT',
  identifier: 'SYSLOG_IDENTIFIER',
  hostname: '_HOSTNAME',
};

const entrySchema = z.looseObject({
  __REALTIME_TIMESTAMP: z.string().regex(/^\d+$/),
  // A message that is not valid UTF-8 comes as an array of bytes.
  MESSAGE: z.union([z.string(), z.array(z.number().int()), z.null()]).optional(),
  _SYSTEMD_UNIT: z.string().optional(),
  SYSLOG_IDENTIFIER: z.string().optional(),
  _HOSTNAME: z.string().optional(),
  PRIORITY: z.string().optional(),
});

const priorities = ['emerg', 'alert', 'crit', 'err', 'warning', 'notice', 'info', 'debug'];

function escapePattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function argsFor(config: JournalConfig, search: Parameters<typeof searchJournal>[1]): string[] {
  const args = [
    '--no-pager',
    '--quiet',
    '--output=json',
    '--reverse',
    `--lines=${search.limit}`,
    `--since=@${Math.floor(search.start.getTime() / 1000)}`,
    `--until=@${Math.ceil(search.end.getTime() / 1000)}`,
  ];
  if (config.directory) args.push(`--directory=${config.directory}`);
  for (const file of config.files ?? []) args.push(`--file=${file}`);
  if (search.query !== '') {
    args.push(`--grep=${escapePattern(search.query)}`, '--case-sensitive=false');
  }
  const matches: string[] = [];
  for (const unit of config.units ?? []) matches.push(`_SYSTEMD_UNIT=${unit}`);
  for (const [field, value] of Object.entries(config.matches ?? {}))
    matches.push(`${field}=${value}`);
  for (const [key, value] of Object.entries(search.labels)) {
    const field = labelFields[key] ?? (journalField.test(key) ? key : undefined);
    if (field !== undefined) matches.push(`${field}=${value}`);
  }
  return [...args, ...matches];
}

/** One JSON entry per line of journalctl's output, newest first. */
function linesOf(stdout: string): LogLine[] {
  const lines: LogLine[] = [];
  for (const text of stdout.split('\n')) {
    if (text.trim() === '') continue;
    const entry = entrySchema.safeParse(JSON.parse(text));
    if (!entry.success) continue;
    const { MESSAGE: message, PRIORITY: priority } = entry.data;
    const micros = BigInt(entry.data.__REALTIME_TIMESTAMP);
    const labels: Record<string, string> = {};
    if (entry.data._SYSTEMD_UNIT) labels.unit = entry.data._SYSTEMD_UNIT;
    if (entry.data.SYSLOG_IDENTIFIER) labels.identifier = entry.data.SYSLOG_IDENTIFIER;
    if (entry.data._HOSTNAME) labels.hostname = entry.data._HOSTNAME;
    const level = priority === undefined ? undefined : priorities[Number(priority)];
    if (level) labels.priority = level;
    lines.push({
      timestamp: new Date(Number(micros / 1000n)).toISOString(),
      message: Array.isArray(message) ? Buffer.from(message).toString('utf8') : (message ?? ''),
      labels,
    });
  }
  return lines;
}

async function searchJournal(
  config: JournalConfig,
  search: {
    readonly query: string;
    readonly start: Date;
    readonly end: Date;
    readonly limit: number;
    readonly labels: Readonly<Record<string, string>>;
  },
  signal: AbortSignal,
): Promise<LogLine[]> {
  const program = config.journalctl ?? 'journalctl';
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      program,
      argsFor(config, search),
      {
        signal,
        maxBuffer: 64 * 1024 * 1024,
        encoding: 'utf8',
        env: { ...process.env, LC_ALL: 'C.UTF-8' },
      },
      (error, out, err) => {
        // journalctl exits 1 with nothing said when no entry matched --grep.
        if (error && !(error.code === 1 && err.trim() === '')) {
          const why = err.trim() || error.message;
          reject(new LogBackendError(`journal: journalctl failed: ${why.split('\n')[0] ?? why}`));
        } else resolve(out);
      },
    );
  });
  return linesOf(stdout);
}

/**
 * `journal`: the systemd journal through `journalctl --output=json`, the machine's own or
 * journal files and directories (as `systemd-journal-remote` writes them from an export).
 */
export const journalBackend = defineLogBackend({
  name: 'journal',
  schema: journalConfig,
  readsServer: true,
  search: (ctx, config, search) => searchJournal(config, search, ctx.signal),
});
