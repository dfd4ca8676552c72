import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/platform/config.ts';

describe('VIGIL_JOB_HISTORY_KEEP', () => {
  it('keeps 150 runs per job unless told', () => {
    expect(loadConfig({}).VIGIL_JOB_HISTORY_KEEP).toBe(150);
    expect(loadConfig({ VIGIL_JOB_HISTORY_KEEP: '20' }).VIGIL_JOB_HISTORY_KEEP).toBe(20);
  });

  it.each(['0', '-3', 'many', '1.5'])('refuses %s with one clear line', (value) => {
    expect(() => loadConfig({ VIGIL_JOB_HISTORY_KEEP: value })).toThrow(ConfigError);
    expect(() => loadConfig({ VIGIL_JOB_HISTORY_KEEP: value })).toThrow(
      /invalid VIGIL_JOB_HISTORY_KEEP/,
    );
  });
});
