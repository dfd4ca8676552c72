import http from 'node:http';
import https from 'node:https';
import aws4 from 'aws4';
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';

export interface S3Bucket {
  /** Where the S3 API answers, e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO URL. */
  readonly endpoint: string;
  readonly region: string;
  readonly bucket: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`. */
  readonly usePathStyle: boolean;
  readonly insecureSkipVerify: boolean;
  /** Anonymous requests when undefined. */
  readonly credentials:
    { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export interface S3Object {
  readonly key: string;
  readonly size: number;
  readonly lastModified: number;
}

export interface S3Page {
  readonly objects: readonly S3Object[];
  readonly nextToken: string | undefined;
}

const parser = new XMLParser({ isArray: (name) => name === 'Contents', parseTagValue: false });

const listAnswer = z.object({
  ListBucketResult: z.object({
    Contents: z
      .array(
        z.object({
          Key: z.string(),
          LastModified: z.string(),
          Size: z.coerce.number().int().nonnegative(),
        }),
      )
      .optional(),
    IsTruncated: z.enum(['true', 'false']).optional(),
    NextContinuationToken: z.string().optional(),
  }),
});

const errorAnswer = z.object({
  Error: z.object({ Code: z.string(), Message: z.string().optional() }),
});

/** One ListObjectsV2 page, signed with AWS Signature V4 when there are credentials. */
export async function listObjectsPage(
  target: S3Bucket,
  prefix: string,
  token: string | undefined,
  signal: AbortSignal,
): Promise<S3Page> {
  const base = new URL(target.endpoint);
  const host = target.usePathStyle ? base.host : `${target.bucket}.${base.host}`;
  const basePath = base.pathname.replace(/\/$/, '');
  const query = new URLSearchParams({ 'list-type': '2', prefix });
  if (token !== undefined) query.set('continuation-token', token);
  const queryText = query.toString().replace(/\+/g, '%20');
  const bucketPath = target.usePathStyle ? `/${encodeURIComponent(target.bucket)}` : '';
  const request = {
    host,
    path: `${basePath}${bucketPath}/?${queryText}`,
    method: 'GET',
    service: 's3',
    region: target.region,
    headers: {},
  };
  const signed = target.credentials ? aws4.sign(request, target.credentials) : request;
  const answer = await get(base, signed.path, signed.headers, target.insecureSkipVerify, signal);
  return readPage(answer.status, answer.body);
}

function readPage(status: number, body: string): S3Page {
  let document: unknown;
  try {
    document = parser.parse(body);
  } catch {
    throw new Error(`S3 answered ${status} with a body that is not XML`);
  }
  if (status !== 200) {
    const error = errorAnswer.safeParse(document);
    const reason = error.success
      ? `${error.data.Error.Code}${error.data.Error.Message ? `: ${error.data.Error.Message}` : ''}`
      : 'no S3 error document';
    throw new Error(`S3 answered ${status} (${reason})`);
  }
  const parsed = listAnswer.safeParse(document);
  if (!parsed.success) throw new Error('S3 answer is not a ListObjectsV2 result');
  const result = parsed.data.ListBucketResult;
  const objects = (result.Contents ?? []).map((item) => ({
    key: item.Key,
    size: item.Size,
    lastModified: Date.parse(item.LastModified),
  }));
  const truncated = result.IsTruncated === 'true';
  return { objects, nextToken: truncated ? result.NextContinuationToken : undefined };
}

function get(
  base: URL,
  path: string | undefined,
  headers: http.OutgoingHttpHeaders | undefined,
  insecure: boolean,
  signal: AbortSignal,
): Promise<{ status: number; body: string }> {
  const secure = base.protocol === 'https:';
  const options: https.RequestOptions = {
    protocol: base.protocol,
    hostname: base.hostname,
    port: base.port || (secure ? 443 : 80),
    path,
    method: 'GET',
    headers,
    signal,
    agent: false,
    rejectUnauthorized: !insecure,
  };
  return new Promise((resolve, reject) => {
    const request = (secure ? https : http).request(options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}
