import { describe, expect, it } from 'vitest';
import { scheduleProblems } from './schedule-problems.ts';

const message = '`spec.schedule` must be @every followed by a duration such as 30s or 1m30s';

describe('scheduleProblems', () => {
  it('marks the value of an @every schedule the server would refuse', () => {
    const yaml = 'metadata:\n  name: web\nspec:\n  schedule: "@every banana"\n';
    const [problem, ...rest] = scheduleProblems(yaml);
    expect(rest).toEqual([]);
    expect(problem?.message).toBe(message);
    expect(yaml.slice(problem?.from, problem?.to)).toBe('"@every banana"');
  });

  it('passes good @every schedules, cron, and text that is not YAML', () => {
    for (const schedule of ['"@every 30s"', '"@every 1m30s"', '"*/5 * * * *"', '"@hourly"'])
      expect(scheduleProblems(`spec:\n  schedule: ${schedule}\n`)).toEqual([]);
    expect(scheduleProblems('spec: [unclosed')).toEqual([]);
    expect(scheduleProblems('')).toEqual([]);
  });

  it('looks only at spec.schedule', () => {
    expect(scheduleProblems('metadata:\n  schedule: "@every banana"\n')).toEqual([]);
  });
});
