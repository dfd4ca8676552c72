import { noLastResult } from '../expressions/cel-functions/contextual.ts';
import { TemplateError } from '../expressions/go-template/errors.ts';
import { renderTemplate } from '../expressions/go-template/template.ts';
import {
  CheckConfigError,
  defineCheckType,
  errorText,
  type CheckOutcome,
  type CheckRunContext,
} from './check-type.ts';
import type { FolderListing } from './folder-listing.ts';
import {
  applyFilter,
  folderData,
  testBounds,
  type FolderBounds,
  type FolderFilter,
} from './folder-rules.ts';
import { folderCheck, type FolderCheck, type SizeValue } from './folder-schema.ts';
import { folderLister } from './folder-target.ts';
import { parseDuration, parseSince } from '../../../platform/durations.ts';
import { formatSize, parseSize } from './folder-units.ts';
import { checkTemplateData } from './spec-template.ts';

/**
 * `spec.folder[]`: lists a folder (local, `sftp://`, `s3://`), keeps the files its filter
 * selects, and checks their count, ages and sizes. Expressions see canary-checker's folder
 * result both at the top level (`files`, `newest`, …) and under `results`.
 */
export const folderCheckType = defineCheckType({
  type: 'folder',
  schema: folderCheck,
  endpoint: (check) => withoutPassword(check.path),
  async run(check, ctx) {
    const filter = filterOf(check, await sinceText(check, ctx));
    const bounds = boundsOf(check);
    const lister = await folderLister(check, ctx);
    const started = performance.now();
    let listing: FolderListing;
    try {
      listing = await lister.list(ctx.signal);
    } catch (error) {
      const empty = folderData([], { entries: [] });
      return { pass: false, error: errorText(error), data: { ...empty, results: empty } };
    }
    const duration = Math.round(performance.now() - started);
    const now = Date.now();
    const files = applyFilter(listing.entries, filter, now);
    const summary = folderData(files, listing);
    const texts = {
      minAge: check.minAge,
      maxAge: check.maxAge,
      minSize: sizeText(check.minSize),
      maxSize: sizeText(check.maxSize),
    };
    const problem = testBounds(files, listing, bounds, texts, now);
    const outcome: CheckOutcome = {
      pass: problem === undefined,
      message: `${files.length} ${files.length === 1 ? 'file' : 'files'}`,
      data: { ...summary, results: summary },
      detail: { count: files.length, newest: summary.newest, oldest: summary.oldest },
      duration,
    };
    return problem === undefined ? outcome : { ...outcome, error: problem };
  },
});

/**
 * `filter.since`, rendered when it is a template as canary-checker's struct templater does:
 * it may read the check's previous result through `last_result`, e.g. its newest file time.
 */
async function sinceText(check: FolderCheck, ctx: CheckRunContext): Promise<string | undefined> {
  const since = check.filter?.since;
  if (since === undefined || !since.includes('{{')) return since;
  const previous = (await ctx.lastResult?.()) ?? noLastResult;
  const functions = new Map([['last_result', () => previous]]);
  try {
    return renderTemplate(since, await checkTemplateData(check, ctx), { functions });
  } catch (error) {
    if (error instanceof TemplateError)
      throw new CheckConfigError(`filter.since: ${error.message}`);
    throw error;
  }
}

function filterOf(check: FolderCheck, sinceSource: string | undefined): FolderFilter {
  const spec = check.filter ?? {};
  let since: number | undefined;
  if (sinceSource !== undefined) {
    since = parseSince(sinceSource);
    if (since === undefined) {
      throw new CheckConfigError(`filter.since "${sinceSource.trim()}" is not a time or date math`);
    }
  }
  return {
    minAge: durationOf(spec.minAge),
    maxAge: durationOf(spec.maxAge),
    minSize: sizeOf(spec.minSize),
    maxSize: sizeOf(spec.maxSize),
    regex: spec.regex !== undefined ? new RegExp(spec.regex) : undefined,
    since,
  };
}

function boundsOf(check: FolderCheck): FolderBounds {
  return {
    minAge: durationOf(check.minAge),
    maxAge: durationOf(check.maxAge),
    minCount: check.minCount,
    maxCount: check.maxCount,
    minSize: sizeOf(check.minSize),
    maxSize: sizeOf(check.maxSize),
    availableSize: sizeOf(check.availableSize),
    totalSize: sizeOf(check.totalSize),
  };
}

function durationOf(text: string | undefined): number | undefined {
  return text === undefined ? undefined : parseDuration(text);
}

function sizeOf(value: SizeValue | undefined): number | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? value : parseSize(value);
}

function sizeText(value: SizeValue | undefined): string | undefined {
  return typeof value === 'number' ? formatSize(value) : value;
}

/** `sftp://user:secret@host/path` is shown without its password. */
function withoutPassword(path: string): string {
  if (!path.toLowerCase().startsWith('sftp://') || !URL.canParse(path)) return path;
  const url = new URL(path);
  if (url.password === '') return path;
  url.password = '';
  return url.toString();
}
