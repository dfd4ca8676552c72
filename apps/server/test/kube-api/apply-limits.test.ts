import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, '../../src/main.ts');
const peakLimitKb = 256 * 1024;
let dir = '';

interface Finished {
  readonly code: number | null;
  readonly stderr: string;
  /** The apply process's peak resident size, as GNU time reports it. */
  readonly peakKb: number;
}

/** `vigil apply` as a child process under /usr/bin/time, its stdin from a file if given. */
async function vigilApply(args: readonly string[], stdinFile?: string): Promise<Finished> {
  const command = [process.execPath, '--import', 'tsx', main, 'apply', ...args];
  const child = spawn('/usr/bin/time', ['-f', 'peak-rss-kb=%M', ...command], {
    env: { ...process.env, VIGIL_TOKEN: '' },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  if (stdinFile) {
    const input = (await fs.open(stdinFile)).createReadStream();
    input.pipe(child.stdin).on('error', () => undefined);
  } else {
    child.stdin.end();
  }
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const peakKb = Number(/peak-rss-kb=(\d+)/.exec(stderr)?.[1] ?? Number.NaN);
  return { code, stderr, peakKb };
}

/** Writes `count` Canary documents of about 150 bytes, plus `padding` bytes of annotation. */
async function writeCanaries(file: string, count: number, padding = 0): Promise<void> {
  const out = createWriteStream(file);
  const note = padding > 0 ? `  annotations: { note: "${'n'.repeat(padding)}" }\n` : '';
  for (let n = 0; n < count; n += 1) {
    const document = `---\napiVersion: canaries.flanksource.com/v1\nkind: Canary\nmetadata:\n  name: c${n}\n${note}spec:\n  http: [{ name: home, url: "https://example.com/p/${n}" }]\n`;
    if (!out.write(document)) await once(out, 'drain');
  }
  out.end();
  await finished(out);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-apply-limits-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('vigil apply on large inputs', () => {
  it('refuses a 50 MB file before reading it, naming the file, under 256 MB', async () => {
    const file = path.join(dir, 'huge.yaml');
    await writeCanaries(file, 334_651);
    expect((await fs.stat(file)).size).toBeGreaterThanOrEqual(50_000_000);
    const started = Date.now();
    const result = await vigilApply(['-f', file]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      new RegExp(
        `${file}: the file is 4\\d\\.\\d MiB; vigil apply reads at most 10\\.0 MiB per file`,
      ),
    );
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result.peakKb, `peak RSS ${result.peakKb} kB`).toBeLessThan(peakLimitKb);
  }, 120_000);

  it('refuses 50 MB of one string on stdin once past 10 MiB, under 256 MB', async () => {
    const file = path.join(dir, 'one-string.yaml');
    const out = createWriteStream(file);
    out.write('a: "');
    for (let n = 0; n < 50; n += 1) out.write('x'.repeat(1024 * 1024));
    out.end('"\n');
    await finished(out);
    const result = await vigilApply(['-f', '-'], file);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /stdin: the input is larger than 10\.0 MiB; vigil apply reads at most 10\.0 MiB per file/,
    );
    expect(result.peakKb, `peak RSS ${result.peakKb} kB`).toBeLessThan(peakLimitKb);
  }, 120_000);

  it('refuses a file of too many documents, naming the file and the count', async () => {
    const file = path.join(dir, 'many.yaml');
    await writeCanaries(file, 12_345);
    const result = await vigilApply(['-f', file]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      `${file}: 12,345 documents; vigil apply reads at most 10,000 per file`,
    );
    expect(result.peakKb, `peak RSS ${result.peakKb} kB`).toBeLessThan(peakLimitKb);
  }, 120_000);

  it('reads a file at both limits under 256 MB', async () => {
    const file = path.join(dir, 'full.yaml');
    await writeCanaries(file, 10_000, 870);
    expect((await fs.stat(file)).size).toBeGreaterThan(10_000_000);
    expect((await fs.stat(file)).size).toBeLessThanOrEqual(10 * 1024 * 1024);
    // Nothing listens there: the documents are read and checked, then discovery fails.
    const result = await vigilApply(['-f', file, '--server', 'http://127.0.0.1:9']);
    expect(result.stderr).not.toMatch(/vigil apply reads at most/);
    expect(result.stderr).toMatch(/127\.0\.0\.1:9|ECONNREFUSED|fetch failed/);
    expect(result.peakKb, `peak RSS ${result.peakKb} kB`).toBeLessThan(peakLimitKb);
  }, 120_000);
});
