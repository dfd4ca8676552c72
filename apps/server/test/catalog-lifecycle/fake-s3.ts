import { createServer, type IncomingMessage, type Server } from 'node:http';

export interface FakeS3Request {
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
}

export interface FakeS3 {
  readonly endpoint: string;
  readonly requests: FakeS3Request[];
  /** Requests the fake refused (bad signature, unknown operation), with why. */
  readonly refused: string[];
  close(): Promise<void>;
}

const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A local S3 for one bucket, path-style, answering ListObjectsV2 (pages of `pageSize` keys)
 * and GetObject. It asserts what the real SDK sends: a SigV4 signature with the expected
 * access key and region, `list-type=2`, and GETs only.
 */
export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  region: string;
  objects: ReadonlyMap<string, Buffer>;
  pageSize: number;
}): Promise<FakeS3> {
  const requests: FakeS3Request[] = [];
  const refused: string[] = [];
  const credential = new RegExp(
    `^AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/\\d{8}/${options.region}/s3/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$`,
  );
  const refuse = (why: string) => {
    refused.push(why);
    return {
      status: 400,
      body: `<Error><Code>InvalidRequest</Code><Message>${xmlEscape(why)}</Message></Error>`,
    };
  };

  const answer = (request: IncomingMessage): { status: number; body: string | Buffer } => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method: request.method ?? '', path: decodeURIComponent(url.pathname), query });
    if (request.method !== 'GET') return refuse(`unexpected method ${request.method}`);
    if (!credential.test(request.headers.authorization ?? '')) {
      return refuse(`bad authorization: ${request.headers.authorization ?? '(none)'}`);
    }
    if (!request.headers['x-amz-date'] || !request.headers['x-amz-content-sha256']) {
      return refuse('missing x-amz-date or x-amz-content-sha256');
    }
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== options.bucket) {
      return { status: 404, body: '<Error><Code>NoSuchBucket</Code></Error>' };
    }
    if (rest.length === 0 || (rest.length === 1 && rest[0] === '')) {
      if (query['list-type'] !== '2') return refuse('only ListObjectsV2 is served');
      const prefix = query.prefix ?? '';
      const keys = [...options.objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const from = Number(query['continuation-token'] ?? '0');
      const page = keys.slice(from, from + options.pageSize);
      const truncated = from + options.pageSize < keys.length;
      const contents = page
        .map(
          (key) =>
            `<Contents><Key>${xmlEscape(key)}</Key><LastModified>2026-06-01T00:00:00.000Z</LastModified><ETag>"e"</ETag><Size>${options.objects.get(key)?.length ?? 0}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
        )
        .join('');
      return {
        status: 200,
        body:
          `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
          `<Name>${options.bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<MaxKeys>1000</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
          (truncated
            ? `<NextContinuationToken>${from + options.pageSize}</NextContinuationToken>`
            : '') +
          `${contents}</ListBucketResult>`,
      };
    }
    const key = decodeURIComponent(rest.join('/'));
    const object = options.objects.get(key);
    if (!object) return { status: 404, body: '<Error><Code>NoSuchKey</Code></Error>' };
    return { status: 200, body: object };
  };

  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const { status, body } = answer(request);
      response.writeHead(status, {
        'content-type': Buffer.isBuffer(body) ? 'application/octet-stream' : 'application/xml',
        'content-length': String(Buffer.byteLength(body)),
      });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the fake S3 has no port');
  const port = address.port;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    requests,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
