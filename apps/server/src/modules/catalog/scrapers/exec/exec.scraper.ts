import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { envVar } from '../../../../platform/values/env-var.ts';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { extractResult } from '../../scrape-spec/extract.ts';
import { documentsOf } from '../file/file-documents.ts';
import { ScrapeConfigError, defineScraperType, type ScrapeContext } from '../scraper-type.ts';

const execEntry = scraperEntry({
  script: z.string().min(1, 'is required').describe('Bash, or any interpreter named by #!'),
  env: z.array(envVar).optional(),
  connections: z.record(z.string(), z.unknown()).optional(),
  checkout: z.record(z.string(), z.unknown()).optional(),
  query: z.array(z.record(z.string(), z.unknown())).optional(),
  artifacts: z.array(z.record(z.string(), z.unknown())).optional(),
  setup: z.record(z.string(), z.unknown()).optional(),
});

const maxOutputBytes = 64 * 1024 * 1024;

/** `spec.exec[]`: a script whose standard output (JSON or YAML) holds the items. */
export const execScraperType = defineScraperType({
  name: 'exec',
  specKey: 'exec',
  schema: execEntry,
  async scrape(ctx, entry) {
    if (entry.checkout) throw new ScrapeConfigError('exec: checkout is not supported yet');
    if (entry.setup) throw new ScrapeConfigError('exec: setup is not supported yet');
    const env: Record<string, string> = {};
    for (const variable of entry.env ?? []) {
      if (typeof variable === 'string' || !variable.name) continue;
      env[variable.name] = (await ctx.resolveValue(variable)) ?? '';
    }
    const output = await runScript(ctx, entry.script, env);
    const format = entry.format ?? (/^\s*[[{]/.test(output) ? 'json' : 'yaml');
    return extractResult(entry, documentsOf('stdout', output, format), { full: ctx.full === true });
  },
});

async function runScript(ctx: ScrapeContext, script: string, env: Record<string, string>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-exec-'));
  try {
    const file = path.join(dir, 'script');
    await fs.writeFile(file, script, { mode: 0o700 });
    const command = script.startsWith('#!') ? [file] : ['bash', file];
    return await new Promise<string>((resolve, reject) => {
      const child = spawn(command[0] ?? 'bash', command.slice(1), {
        cwd: dir,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...env },
        signal: ctx.signal,
      });
      const out: Buffer[] = [];
      let size = 0;
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxOutputBytes) child.kill('SIGKILL');
        else out.push(chunk);
      });
      child.stderr.on(
        'data',
        (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)),
      );
      child.on('error', (error) =>
        reject(new Error(`exec: the script could not run: ${error.message}`, { cause: error })),
      );
      child.on('close', (code, signal) => {
        if (size > maxOutputBytes) reject(new Error('exec: the script wrote more than 64 MiB'));
        else if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else reject(new Error(`exec: the script exited ${code ?? signal ?? ''}: ${stderr.trim()}`));
      });
    });
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
