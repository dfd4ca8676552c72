import { describe, expect, it } from 'vitest';
import { disableFlag } from '@/testing/session-handlers.ts';
import { isAreaDisabled, type FeatureArea } from './feature-flags.ts';

describe('isAreaDisabled', () => {
  it.each<[string, string[], FeatureArea, boolean]>([
    ['no flags', [], 'health', false],
    ['its own flag', ['health'], 'health', true],
    ['another area flag', ['logs'], 'health', false],
    ['a parent disables settings.health', ['health'], 'settings.health', true],
    ['job_history falls under health', ['health'], 'settings.job_history', true],
    ['config disables config_scraper', ['config'], 'settings.config_scraper', true],
    ['topology disables settings.topology', ['topology'], 'settings.topology', true],
    ['a child does not disable its parent', ['settings.health'], 'health', false],
    ['a sub-area flag disables only itself', ['settings.job_history'], 'settings.health', false],
    ['health does not disable users', ['health'], 'settings.users', false],
    ['settings.users by its own flag', ['settings.users'], 'settings.users', true],
  ])('%s', (_case, disabledAreas, area, expected) => {
    expect(
      isAreaDisabled(
        disabledAreas.map((name) => disableFlag(name)),
        area,
      ),
    ).toBe(expected);
  });

  it("needs the value 'true'", () => {
    expect(isAreaDisabled([disableFlag('health', 'false')], 'health')).toBe(false);
    expect(isAreaDisabled([disableFlag('health', 'yes')], 'settings.job_history')).toBe(false);
  });
});
