import http from 'node:http';
import { listenOnLoopback } from '../loopback.ts';

/** One AWS request as the fake saw it, with what its SigV4 signature claims. */
export interface FakeAwsCall {
  readonly method: string;
  readonly path: string;
  /** `ec2`, `iam`, `s3`, `cloudtrail`: the service of the credential scope. */
  readonly service: string;
  readonly region: string;
  readonly accessKey: string;
  /** Query protocol `Action`, JSON `X-Amz-Target` operation, or `ListBuckets`. */
  readonly action: string;
  readonly params: Record<string, string>;
  readonly signed: boolean;
}

export interface FakeAwsAnswer {
  status?: number;
  xml?: string;
  json?: unknown;
  delayMs?: number;
}

export interface FakeAwsApi {
  readonly url: string;
  readonly calls: FakeAwsCall[];
  /** By `service:action`, e.g. `ec2:DescribeVpcs`; others answer 400 with an AWS error. */
  readonly routes: Map<string, (call: FakeAwsCall) => FakeAwsAnswer>;
  close(): Promise<void>;
}

const scope =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/;

/**
 * A local stand-in for the AWS APIs the aws scraper calls: EC2 and IAM (query protocol, XML),
 * S3 (REST XML) and CloudTrail (JSON 1.1), routed by the service its signature names.
 */
export async function startFakeAwsApi(): Promise<FakeAwsApi> {
  const calls: FakeAwsCall[] = [];
  const routes = new Map<string, (call: FakeAwsCall) => FakeAwsAnswer>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake');
      const signature = scope.exec(req.headers.authorization ?? '');
      const target = req.headers['x-amz-target'];
      const form = Object.fromEntries(new URLSearchParams(body));
      const json = typeof target === 'string' ? parseJson(body) : {};
      const service = signature?.[3] ?? '';
      const call: FakeAwsCall = {
        method: req.method ?? '',
        path: url.pathname,
        service,
        region: signature?.[2] ?? '',
        accessKey: signature?.[1] ?? '',
        action:
          typeof target === 'string'
            ? (target.split('.').pop() ?? '')
            : service === 's3'
              ? 'ListBuckets'
              : (form.Action ?? ''),
        params: typeof target === 'string' ? json : form,
        signed: signature !== null,
      };
      calls.push(call);
      const answer = routes.get(`${call.service}:${call.action}`)?.(call) ?? {
        status: 400,
        xml: awsErrorXml('InvalidAction', `${call.action} is not faked`),
      };
      const send = () => {
        if (res.destroyed) return;
        const status = answer.status ?? 200;
        if (answer.json !== undefined) {
          res.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
          res.end(JSON.stringify(answer.json));
          return;
        }
        res.writeHead(status, { 'content-type': 'text/xml' });
        res.end(answer.xml ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  const { port, close } = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    routes,
    close,
  };
}

function parseJson(body: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
  } catch {
    return {};
  }
}

/** The error document of the EC2 query protocol. */
export function awsErrorXml(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Response><Errors><Error><Code>${code}</Code><Message>${message}</Message></Error></Errors><RequestID>req-1</RequestID></Response>`;
}
