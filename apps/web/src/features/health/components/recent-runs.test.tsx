import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LatencySparkline, StatusStrip, stripSlots } from './recent-runs.tsx';

const runs = [
  { passed: true, durationMs: 12 },
  { passed: false, durationMs: 900 },
  { passed: true, durationMs: 15 },
];

describe('StatusStrip', () => {
  it('shows a bar per run in its status colour, newest last, and says what it shows', () => {
    const { container } = render(<StatusStrip runs={runs} />);
    const strip = screen.getByRole('img', { name: 'Last 3 runs: 2 passed, 1 failed' });
    const bars = [...container.querySelectorAll('[data-status]')];
    expect(bars.map((b) => b.getAttribute('data-status'))).toEqual(['passed', 'failed', 'passed']);
    expect(bars.map((b) => b.className)).toEqual([
      expect.stringContaining('bg-healthy'),
      expect.stringContaining('bg-unhealthy'),
      expect.stringContaining('bg-healthy'),
    ]);
    expect(bars[1]).toHaveAttribute('title', 'failed · 900ms');
    // Empty slots keep every row's strip the same width.
    expect(strip.children).toHaveLength(stripSlots);
  });

  it('keeps only the last slots when given more runs, and says when there are none', () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ passed: i !== 29, durationMs: i }));
    const { container } = render(<StatusStrip runs={many} />);
    const bars = container.querySelectorAll('[data-status]');
    expect(bars).toHaveLength(stripSlots);
    // Below 1280 px only the newest 12 show.
    expect(bars[11]).toHaveClass('hidden', 'xl:block');
    expect(bars[12]).not.toHaveClass('hidden');
    expect(screen.getByRole('img')).toHaveAccessibleName('Last 24 runs: 23 passed, 1 failed');
    render(<StatusStrip runs={[]} />);
    expect(screen.getByRole('img', { name: 'No runs in the last 3 hours' })).toBeInTheDocument();
  });
});

describe('LatencySparkline', () => {
  it('draws the durations as one line in the muted text colour, named by its range', () => {
    const { container } = render(<LatencySparkline runs={runs} />);
    const svg = screen.getByRole('img', { name: 'Latency of the last 3 runs: 12ms to 900ms' });
    expect(svg).toHaveClass('text-fg-muted');
    expect(container.querySelector('polyline')).toHaveAttribute('points', '1,15 32,1 63,15');
  });

  it('draws nothing without runs', () => {
    const { container } = render(<LatencySparkline runs={[]} />);
    expect(container.querySelector('svg')).toBeNull();
  });
});
