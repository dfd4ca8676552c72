import { pino, type Logger } from 'pino';

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

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: redactPaths, censor: '[redacted]' } });
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
