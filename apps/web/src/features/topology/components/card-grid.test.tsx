import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardBatch, useDrawnCount } from './card-grid.tsx';

afterEach(() => vi.useRealTimers());

describe('the card grid', () => {
  it('draws a long list a batch at a time, one batch per task, until every card is drawn', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ total }) => useDrawnCount(total), {
      initialProps: { total: 150 },
    });
    expect(result.current).toBe(cardBatch);
    act(() => void vi.advanceTimersByTime(0));
    expect(result.current).toBe(2 * cardBatch);
    act(() => void vi.advanceTimersByTime(0));
    expect(result.current).toBe(150);
    // A refetch with more cards continues from there instead of starting again.
    rerender({ total: 200 });
    expect(result.current).toBe(3 * cardBatch);
    act(() => void vi.advanceTimersByTime(0));
    expect(result.current).toBe(200);
  });

  it('draws a short list whole at once', () => {
    const { result } = renderHook(() => useDrawnCount(7));
    expect(result.current).toBe(7);
  });
});
