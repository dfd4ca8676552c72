import { pino, type DestinationStream, type Logger } from 'pino';

/** Paths that may carry secrets; pino replaces them before anything is written. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.access_token',
  '*.secret',
  '*.DATABASE_URL',
  '*.VIGIL_SECRET_KEY',
];

export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { req: requestSummary },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** People read a terminal; log collectors read JSON. Production always gets JSON. */
export function wantsPrettyLogs(
  stdout: { isTTY?: boolean } = process.stdout,
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  return stdout.isTTY === true && env.NODE_ENV !== 'production' && env.VIGIL_LOG_FORMAT !== 'json';
}

/**
 * The logger of a command run by a person: coloured one-line records on a terminal (pino-pretty,
 * loaded only then), JSON lines otherwise. Redaction runs before either.
 */
export async function createConsoleLogger(level: string): Promise<Logger> {
  if (!wantsPrettyLogs()) return createLogger(level);
  const { default: pretty } = await import('pino-pretty');
  return createLogger(
    level,
    pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }),
  );
}

/** Query parameters that carry one-time secrets (recovery, verification and logout links). */
const secretParams = /([?&](?:token|code|access_token)=)[^&#]*/gi;

export function maskUrlSecrets(url: string): string {
  return url.replace(secretParams, '$1[redacted]');
}

/** What a request log line says about the request: never its cookies or secret parameters. */
function requestSummary(request: unknown): Record<string, unknown> {
  if (typeof request !== 'object' || request === null) return {};
  // Fastify's request exposes these as getters, so they are read, not enumerated.
  const field = (name: string): unknown => {
    const value: unknown = Reflect.get(request, name);
    return value;
  };
  const url = field('url');
  return {
    method: field('method'),
    url: typeof url === 'string' ? maskUrlSecrets(url) : url,
    host: field('host'),
    remoteAddress: field('ip'),
  };
}

/** Hides the password of a connection URL before it is shown or logged. */
export function maskUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '****';
    return parsed.toString();
  } catch {
    return '[unparseable url]';
  }
}
