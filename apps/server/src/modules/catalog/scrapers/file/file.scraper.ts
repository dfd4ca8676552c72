import fs from 'node:fs/promises';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { z } from 'zod';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { extractResult, type SourceDocument } from '../../scrape-spec/extract.ts';
import { documentsOf } from './file-documents.ts';
import { ScrapeConfigError, defineScraperType, type ScrapeContext } from '../scraper-type.ts';

const fileEntry = scraperEntry({
  paths: z
    .array(z.string().min(1))
    .optional()
    .describe('Globs of files or directories; every .json/.yaml/.yml file when unset'),
  ignore: z.array(z.string()).optional().describe('Globs of files to skip'),
  url: z.string().optional().describe('A remote source to download first (not supported yet)'),
  connection: z.string().optional(),
  icon: z.string().optional(),
});

const defaultGlobs = ['**/*.json', '**/*.yaml', '**/*.yml'];

/** `spec.file[]`: JSON, YAML and properties files found by globs, one document per file. */
export const fileScraperType = defineScraperType({
  name: 'file',
  specKey: 'file',
  schema: fileEntry,
  async scrape(ctx, entry) {
    if (entry.url !== undefined) {
      throw new ScrapeConfigError('file: url (remote sources) is not supported yet');
    }
    const documents = await readDocuments(
      ctx,
      entry.paths ?? defaultGlobs,
      entry.ignore,
      entry.format,
    );
    return extractResult(entry, documents, {
      full: ctx.full === true,
      defaultType: 'File',
    });
  },
});

async function readDocuments(
  ctx: ScrapeContext,
  patterns: readonly string[],
  ignore: readonly string[] | undefined,
  format: string | undefined,
): Promise<SourceDocument[]> {
  const cwd = ctx.baseDir ?? process.cwd();
  const files = new Set<string>();
  for (const pattern of patterns) {
    const absolute = path.resolve(cwd, pattern);
    const stat = await fs.stat(absolute).catch(() => undefined);
    const found = stat?.isDirectory()
      ? await glob(defaultGlobs, { cwd: absolute, absolute: true, ignore: [...(ignore ?? [])] })
      : await glob(pattern, { cwd, absolute: true, ignore: [...(ignore ?? [])] });
    for (const file of found.sort()) files.add(file);
  }
  const documents: SourceDocument[] = [];
  for (const file of files) {
    ctx.signal.throwIfAborted();
    const relative = path.relative(cwd, file);
    const text = await fs.readFile(file, { encoding: 'utf8', signal: ctx.signal });
    documents.push(...documentsOf(relative, text, format));
  }
  return documents;
}
