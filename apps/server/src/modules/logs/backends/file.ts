import fs from 'node:fs/promises';
import type { LogLine } from '@vigil/domain';
import { glob } from 'tinyglobby';
import { z } from 'zod';
import { matchingLinesBackwards } from './file-lines.ts';
import {
  commonBackendFields,
  defineLogBackend,
  newestFirst,
  type LogSearch,
} from './log-backend.ts';

const fileConfig = z.strictObject({
  ...commonBackendFields,
  path: z
    .array(
      z
        .string()
        .min(1)
        .refine((text) => text.startsWith('/'), 'must be an absolute path'),
    )
    .min(1, 'needs at least one path'),
  /** A regular expression over a file's path whose named groups become labels of its lines. */
  pathLabels: z
    .string()
    .refine(isRegExp, 'must be a regular expression with named groups')
    .optional(),
});

/** `file`: local files found by globs (for self-hosters), read from their end. */
export const fileBackend = defineLogBackend({
  name: 'file',
  schema: fileConfig,
  readsServer: true,
  async search(ctx, config, search) {
    const files = await glob(config.path, {
      absolute: true,
      onlyFiles: true,
      followSymbolicLinks: false,
    });
    const labelsOf = config.pathLabels === undefined ? undefined : new RegExp(config.pathLabels);
    const found: LogLine[] = [];
    for (const file of files.sort()) {
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat || stat.mtimeMs < search.start.getTime()) continue;
      const labels = { ...(labelsOf?.exec(file)?.groups ?? {}), path: file };
      found.push(...(await searchFile(file, labels, search, ctx.signal)));
    }
    return newestFirst(found, search.limit);
  },
});

async function searchFile(
  file: string,
  labels: Record<string, string>,
  search: LogSearch,
  signal: AbortSignal,
): Promise<LogLine[]> {
  const filter = {
    needle: search.query,
    start: search.start.getTime(),
    end: search.end.getTime(),
    limit: search.limit,
  };
  const lines: LogLine[] = [];
  for await (const batch of matchingLinesBackwards(file, filter, signal)) {
    for (const line of batch) {
      lines.push({ timestamp: new Date(line.time).toISOString(), message: line.message, labels });
    }
  }
  return lines;
}

function isRegExp(text: string): boolean {
  try {
    new RegExp(text);
    return true;
  } catch {
    return false;
  }
}
