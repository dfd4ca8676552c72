import http from 'node:http';
import https from 'node:https';

/** What every AWS SDK v3 client takes: spread into its constructor. */
export interface AwsClientConfig {
  readonly region: string;
  readonly endpoint?: string;
  /** Left out: the SDK's default chain (environment, profile, instance role). */
  readonly credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  readonly requestHandler: { httpAgent: http.Agent; httpsAgent: https.Agent };
  readonly maxAttempts: number;
}

/**
 * A client's transport and retries: no idle sockets held between scheduled runs, TLS verified
 * unless the spec skips it, and one attempt: the schedule is the retry, and a timeout stays one.
 */
export function awsTransport(
  insecure: boolean,
): Pick<AwsClientConfig, 'requestHandler' | 'maxAttempts'> {
  return {
    maxAttempts: 1,
    requestHandler: {
      httpAgent: new http.Agent({ keepAlive: false }),
      httpsAgent: new https.Agent({ keepAlive: false, rejectUnauthorized: !insecure }),
    },
  };
}

/** SDK errors carry the service's code as `name` (AccessDenied, NoSuchBucket …). */
export function awsErrorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = error.name && error.name !== 'Error' ? `${error.name}: ` : '';
  return `${code}${error.message || 'no message'}`;
}

/** SDK answers hold Dates and `$metadata`; stored and shown data is plain JSON, RFC 3339 times. */
export function plainData(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plainData);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== '$metadata')
        .map(([key, inner]) => [key, plainData(inner)]),
    );
  }
  return value;
}
