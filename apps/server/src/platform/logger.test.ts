import { Writable } from 'node:stream';
import pretty from 'pino-pretty';
import { describe, expect, it } from 'vitest';
import { createLogger, wantsPrettyLogs } from './logger.ts';

describe('console log format', () => {
  it('pretty-prints only on a terminal, outside production, unless JSON is asked for', () => {
    expect(wantsPrettyLogs({ isTTY: true }, {})).toBe(true);
    expect(wantsPrettyLogs({ isTTY: false }, {})).toBe(false);
    expect(wantsPrettyLogs({}, {})).toBe(false);
    expect(wantsPrettyLogs({ isTTY: true }, { NODE_ENV: 'production' })).toBe(false);
    expect(wantsPrettyLogs({ isTTY: true }, { VIGIL_LOG_FORMAT: 'json' })).toBe(false);
  });

  it('redacts secrets in pretty output too', () => {
    let written = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.toString();
        done();
      },
    });
    const log = createLogger('info', pretty({ destination: sink, colorize: false, sync: true }));
    log.info({ connection: { password: 'hunter2' } }, 'connected');
    expect(written).toContain('connected');
    expect(written).toContain('[redacted]');
    expect(written).not.toContain('hunter2');
    expect(written).not.toMatch(/^\{/);
  });
});
