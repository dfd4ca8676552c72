import { describe, expect, it } from 'vitest';
import { StartSlack } from './start-slack.ts';

const options = { runsPerWake: 4, maxMs: 100, denseAbovePerSecond: 200 };

function slackAfter(startsPerSecond: number, seconds = 3): number {
  const slack = new StartSlack(options, 0);
  for (let second = 1; second <= seconds; second++) {
    slack.started(startsPerSecond);
    slack.sample(second * 1000);
  }
  return slack.ms;
}

describe('StartSlack', () => {
  it('waits the most before anything has started', () => {
    expect(new StartSlack(options, 0).ms).toBe(100);
  });

  it('gathers about four runs per wake-up at a low rate', () => {
    expect(slackAfter(50)).toBeCloseTo(80, 5);
    expect(slackAfter(10)).toBe(100);
  });

  it('starts every run on its slot above the dense rate', () => {
    expect(slackAfter(1000)).toBe(0);
    expect(slackAfter(201)).toBe(0);
    expect(slackAfter(200)).toBeCloseTo(20, 5);
  });

  it('follows a rise in rate within a second or two', () => {
    const slack = new StartSlack(options, 0);
    slack.started(20);
    slack.sample(1000);
    expect(slack.ms).toBe(100);
    for (let at = 1500; at <= 3000; at += 500) {
      slack.started(1000);
      slack.sample(at);
    }
    expect(slack.ms).toBe(0);
  });

  it('ignores a sample taken at the same instant', () => {
    const slack = new StartSlack(options, 0);
    slack.started(100);
    slack.sample(0);
    expect(slack.ms).toBe(100);
  });
});
