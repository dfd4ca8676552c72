import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { parse } from 'csv-parse';

/**
 * AWS Cost and Usage Report (CUR) files in S3, CSV or CSV.gz, in the legacy
 * (`lineItem/ResourceId`) or 2.0 (`line_item_resource_id`) column names.
 */
export interface CurLocation {
  readonly bucket: string;
  /** The report's prefix (`<prefix>/<report name>/`); every CSV below it is read. */
  readonly prefix: string;
}

/** Cost of one resource of one product over the windows config-db reports. */
export interface ResourceCost {
  readonly productCode: string;
  readonly resourceId: string;
  readonly accountId: string;
  readonly cost1h: number;
  readonly cost1d: number;
  readonly cost7d: number;
  readonly cost30d: number;
}

export interface CurCosts {
  /** The end of the newest usage in the report (not after `now`): the windows end here. */
  readonly end: Date | undefined;
  readonly resources: ResourceCost[];
  readonly files: number;
  readonly lines: number;
}

const columns = {
  resourceId: ['lineItem/ResourceId', 'line_item_resource_id'],
  productCode: ['lineItem/ProductCode', 'line_item_product_code'],
  accountId: ['lineItem/UsageAccountId', 'line_item_usage_account_id'],
  start: ['lineItem/UsageStartDate', 'line_item_usage_start_date'],
  end: ['lineItem/UsageEndDate', 'line_item_usage_end_date'],
  cost: ['lineItem/UnblendedCost', 'line_item_unblended_cost'],
} as const;
type Field = keyof typeof columns;
const fields = ['resourceId', 'productCode', 'accountId', 'start', 'end', 'cost'] as const;

const hourMs = 3_600_000;
const windowHours = { cost1h: 1, cost1d: 24, cost7d: 7 * 24, cost30d: 30 * 24 } as const;
const windows = ['cost1h', 'cost1d', 'cost7d', 'cost30d'] as const;

/** Keys of the report's CSV files under the prefix, through every page of the listing. */
async function listReportKeys(s3: S3Client, at: CurLocation, signal?: AbortSignal) {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(
      new ListObjectsV2Command({ Bucket: at.bucket, Prefix: at.prefix, ContinuationToken: token }),
      { abortSignal: signal },
    );
    for (const object of page.Contents ?? []) {
      if (object.Key && /\.csv(\.gz)?$/.test(object.Key)) keys.push(object.Key);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

function toNodeStream(body: unknown): Readable {
  if (body instanceof Readable) return body;
  throw new Error('the S3 object body is not a Node.js stream');
}

/**
 * Reads every CUR file under the prefix and sums the positive unblended cost per product and
 * resource by usage hour, then over the last 1 h, 1 d, 7 d and 30 d before the report's newest
 * usage end (CUR lags real time by up to a day). Streams; memory is per resource and hour.
 */
export async function readCurCosts(
  s3: S3Client,
  at: CurLocation,
  now: number,
  signal?: AbortSignal,
): Promise<CurCosts> {
  const hourly = new Map<string, { account: string; hours: Map<number, number> }>();
  let end = 0;
  let lines = 0;
  const keys = await listReportKeys(s3, at, signal);
  for (const key of keys) {
    const object = await s3.send(new GetObjectCommand({ Bucket: at.bucket, Key: key }), {
      abortSignal: signal,
    });
    const raw = toNodeStream(object.Body);
    const file = `s3://${at.bucket}/${key}`;
    const state: { index?: Record<Field, string> } = {};
    const parser = parse({
      // The header decides the naming scheme; a file that is not a CUR fails here.
      columns: (header: string[]) => {
        state.index = headerIndex(header, file);
        return header;
      },
      skip_empty_lines: true,
      relax_column_count: true,
    });
    // pipeline carries a download or gunzip error into the parser, and so into the loop.
    const stages = key.endsWith('.gz') ? [raw, createGunzip(), parser] : [raw, parser];
    pipeline(stages, () => undefined);
    for await (const record of parser) {
      const row = asRecord(record);
      const index = state.index;
      if (!index) continue;
      lines += 1;
      const cost = Number(row[index.cost]);
      const resourceId = row[index.resourceId] ?? '';
      const usageEnd = parseUsageTime(row[index.end]);
      if (!Number.isNaN(usageEnd) && usageEnd <= now) end = Math.max(end, usageEnd);
      const start = parseUsageTime(row[index.start]);
      if (!(cost > 0) || resourceId === '' || Number.isNaN(start)) continue;
      const id = `${row[index.productCode] ?? ''}/${resourceId}`;
      const entry = hourly.get(id) ?? { account: row[index.accountId] ?? '', hours: new Map() };
      const hour = Math.floor(start / hourMs) * hourMs;
      entry.hours.set(hour, (entry.hours.get(hour) ?? 0) + cost);
      hourly.set(id, entry);
    }
  }
  const resources: ResourceCost[] = [];
  for (const [id, entry] of hourly) {
    const slash = id.indexOf('/');
    const sums = { cost1h: 0, cost1d: 0, cost7d: 0, cost30d: 0 };
    for (const [hour, cost] of entry.hours) {
      for (const window of windows) {
        if (hour >= end - windowHours[window] * hourMs && hour < end) sums[window] += cost;
      }
    }
    if (sums.cost30d === 0) continue;
    resources.push({
      productCode: id.slice(0, slash),
      resourceId: id.slice(slash + 1),
      accountId: entry.account,
      ...sums,
    });
  }
  return { end: end > 0 ? new Date(end) : undefined, resources, files: keys.length, lines };
}

/** CUR times: ISO 8601 (legacy) or `2026-05-31 12:00:00.000` (2.0), both in UTC. */
function parseUsageTime(text: string | undefined): number {
  const trimmed = (text ?? '').trim().replace(' ', 'T');
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) ? trimmed : `${trimmed}Z`);
}

function asRecord(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(value)) out[key] = String(field);
  return out;
}

/** Which of the two naming schemes the file uses; a file with neither is refused by name. */
function headerIndex(header: readonly string[], file: string): Record<Field, string> {
  const index: Partial<Record<Field, string>> = {};
  const missing: string[] = [];
  for (const field of fields) {
    const found = columns[field].find((name) => header.includes(name));
    if (found === undefined) missing.push(columns[field][0]);
    else index[field] = found;
  }
  if (missing.length > 0) {
    throw new Error(`${file}: not a Cost and Usage Report: no ${missing.join(', ')} column`);
  }
  return {
    resourceId: index.resourceId ?? '',
    productCode: index.productCode ?? '',
    accountId: index.accountId ?? '',
    start: index.start ?? '',
    end: index.end ?? '',
    cost: index.cost ?? '',
  };
}

/**
 * config-db's `aws[].costReporting.s3BucketPath` (`s3://bucket/prefix`) as a location; undefined
 * when it is not an s3:// URL with a bucket.
 */
export function curLocationFromS3Path(path: string): CurLocation | undefined {
  const match = /^s3:\/\/([^/]+)\/?(.*)$/.exec(path.trim());
  if (!match?.[1]) return undefined;
  const prefix = match[2] ?? '';
  return {
    bucket: match[1],
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}
