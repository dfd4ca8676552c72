import { describe, expect, it } from 'vitest';
import { SlidingQuantiles } from './sliding-quantiles.ts';

function summary(clock: { now: number }) {
  return new SlidingQuantiles({
    name: 'late_seconds',
    help: 'How late',
    quantiles: [0.5, 0.99],
    windowMs: 300_000,
    slices: 5,
    now: () => clock.now,
  });
}

function quantile(text: string, q: string): string | undefined {
  return new RegExp(`^late_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm').exec(text)?.[1];
}

describe('sliding quantiles', () => {
  it('renders a summary with exact millisecond quantiles, a sum and a count', () => {
    const clock = { now: 0 };
    const late = summary(clock);
    for (let ms = 1; ms <= 100; ms++) late.observe(ms);
    const text = late.render();
    expect(text).toContain('# HELP late_seconds How late\n# TYPE late_seconds summary\n');
    expect(quantile(text, '0.5')).toBe('0.05');
    expect(quantile(text, '0.99')).toBe('0.099');
    expect(text).toContain('late_seconds_sum 5.05\nlate_seconds_count 100\n');
  });

  it('forgets a slice as it leaves the window, but keeps counting', () => {
    const clock = { now: 0 };
    const late = summary(clock);
    late.observe(900);
    clock.now = 60_000;
    late.observe(2);
    expect(Number(quantile(late.render(), '0.99'))).toBeCloseTo(0.9, 1);
    clock.now = 300_000;
    expect(quantile(late.render(), '0.99')).toBe('0.002');
    clock.now = 10_000_000;
    const idle = late.render();
    expect(quantile(idle, '0.5')).toBe('NaN');
    expect(idle).toContain('late_seconds_count 2\n');
  });
});
