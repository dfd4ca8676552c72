import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.VIGIL_WORKERS).toBe(true);
    expect(config.dataDir.endsWith('.vigil')).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('lets flags override env', () => {
    expect(loadConfig({ PORT: '9000' }, { PORT: '9100' }).PORT).toBe(9100);
  });

  it('keeps /api/metrics private by default', () => {
    expect(loadConfig({}).VIGIL_METRICS_PUBLIC).toBe(false);
    expect(loadConfig({}).VIGIL_METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ VIGIL_METRICS_PUBLIC: 'true' }).VIGIL_METRICS_PUBLIC).toBe(true);
  });

  it('reads the definition-of-done interval in seconds, down to 1s', () => {
    expect(loadConfig({}).VIGIL_DEFINITION_OF_DONE_EVERY).toBe(60);
    expect(
      loadConfig({ VIGIL_DEFINITION_OF_DONE_EVERY: '5s' }).VIGIL_DEFINITION_OF_DONE_EVERY,
    ).toBe(5);
    expect(() => loadConfig({ VIGIL_DEFINITION_OF_DONE_EVERY: '0s' })).toThrow(
      /invalid VIGIL_DEFINITION_OF_DONE_EVERY: must be at least 1s/,
    );
    expect(() => loadConfig({ VIGIL_HEALTH_RAW_RETENTION: '30s' })).toThrow(/at least 1m/);
  });

  it('parses workers on and off', () => {
    expect(loadConfig({ VIGIL_WORKERS: 'off' }).VIGIL_WORKERS).toBe(false);
    expect(loadConfig({ VIGIL_WORKERS: 'on' }).VIGIL_WORKERS).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, /invalid PORT/],
    [{ PORT: '70000' }, /invalid PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /invalid DATABASE_URL: must be a postgres/],
    [{ LOG_LEVEL: 'loud' }, /invalid LOG_LEVEL/],
    [{ VIGIL_WORKERS: 'maybe' }, /invalid VIGIL_WORKERS/],
    [{ VIGIL_SECRET_KEY: 'short' }, /invalid VIGIL_SECRET_KEY: must be at least 32/],
    [{ VIGIL_METRICS_TOKEN: 'short' }, /invalid VIGIL_METRICS_TOKEN: must be at least 16/],
    [{ VIGIL_METRICS_PUBLIC: 'yes please' }, /invalid VIGIL_METRICS_PUBLIC/],
  ])('refuses %o with one clear line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
