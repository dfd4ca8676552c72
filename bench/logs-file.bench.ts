import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileBackend } from '../apps/server/src/modules/logs/backends/file.ts';
import type { LogBackendContext } from '../apps/server/src/modules/logs/backends/log-backend.ts';
import { stats } from './measure.ts';

/**
 * Issue #24: a logs query over a 1 GB file returns the newest 500 matching lines in under 1 s.
 * The file backend (what `/api/logs` calls for a `file` logging backend) is timed directly on
 * a generated 1 GiB file of timestamped lines. `BENCH_LOG_FILE` reuses a file made before.
 */
const goalMs = 1000;
const targetBytes = Number(process.env.BENCH_LOG_BYTES ?? 1024 ** 3);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 7);
const given = process.env.BENCH_LOG_FILE;

const levels = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN'];
const paths = ['/orders', '/health', '/payments/42', '/users/me', '/cart'];

/** One line a second apart, oldest first: 1 in 100 an ERROR, 1 in 20,000 a `kernel panic`. */
async function writeLog(file: string): Promise<{ lines: number; bytes: number }> {
  const out = createWriteStream(file);
  const startMs = Date.parse('2026-01-01T00:00:00Z');
  let bytes = 0;
  let lines = 0;
  let batch: string[] = [];
  while (bytes < targetBytes) {
    const time = new Date(startMs + lines * 1000).toISOString();
    const level = lines % 100 === 0 ? 'ERROR' : (levels[lines % levels.length] ?? 'INFO');
    const rare = lines % 20_000 === 7 ? ' kernel panic in worker' : '';
    const line = `${time} ${level} GET ${paths[lines % paths.length]} 200 ${lines % 997}ms req=${lines.toString(36)} user=u${lines % 5000}${rare}\n`;
    batch.push(line);
    bytes += line.length;
    lines += 1;
    if (batch.length === 10_000) {
      if (!out.write(batch.join('')))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      batch = [];
    }
  }
  out.end(batch.join(''));
  await new Promise<void>((resolve) => out.once('finish', () => resolve()));
  return { lines, bytes };
}

const ctx: LogBackendContext = {
  connection: () => Promise.reject(new Error('no connections here')),
  signal: new AbortController().signal,
};

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-bench-logs-'));
try {
  const file = given ?? path.join(dir, 'app.log');
  const written = given === undefined ? await writeLog(file) : undefined;
  const { size, mtime } = await fs.stat(file);
  const backend = fileBackend.prepare({ path: [file] });
  const search = (query: string) => ({
    type: undefined,
    externalId: null,
    labels: {},
    query,
    // The viewer's widest range: everything the file holds.
    start: new Date('2025-01-01T00:00:00Z'),
    end: new Date(mtime.getTime() + 86_400_000 * 365),
    limit: 500,
  });
  const cases = [
    { name: 'no search text (the newest 500 lines)', query: '' },
    { name: '`error` (1 line in 100)', query: 'error' },
    {
      name: '`Kernel Panic` (1 line in 20,000: the 500 newest span the whole file)',
      query: 'Kernel Panic',
    },
    { name: '`no-such-text` (no match: the whole file read)', query: 'no-such-text' },
  ];
  const results = [];
  for (const c of cases) {
    const times: number[] = [];
    let found = 0;
    await backend.search(ctx, search(c.query));
    for (let i = 0; i < iterations; i++) {
      const started = performance.now();
      const lines = await backend.search(ctx, search(c.query));
      times.push(performance.now() - started);
      found = lines.length;
    }
    const s = stats(times);
    results.push({
      name: c.name,
      lines: found,
      medianMs: Number(s.median.toFixed(1)),
      p95Ms: Number(s.p95.toFixed(1)),
      minMs: Number(s.min.toFixed(1)),
      goalMs,
      ratio: Number((s.median / goalMs).toFixed(2)),
    });
    console.error(`bench: ${c.name}: median ${s.median.toFixed(1)} ms, ${found} lines`);
  }
  console.log(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        loadAverage: os.loadavg().map((n) => n.toFixed(1)),
        fileBytes: size,
        fileLines: written?.lines,
        iterations,
        results,
      },
      null,
      2,
    ),
  );
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
