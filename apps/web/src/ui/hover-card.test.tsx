import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HoverCard } from './hover-card.tsx';

afterEach(() => vi.useRealTimers());

describe('HoverCard', () => {
  it('shows the card after the pointer rests 1 s on the trigger, and hides it on leaving', async () => {
    vi.useFakeTimers();
    render(
      <HoverCard card="Jira · OPS-1">
        <button type="button">platform</button>
      </HoverCard>,
    );
    const trigger = screen.getByRole('button', { name: 'platform' });
    fireEvent.pointerEnter(trigger);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('tooltip')).toHaveTextContent('Jira · OPS-1');
    expect(screen.getByRole('tooltip')).toHaveClass('pointer-events-none');
    fireEvent.pointerLeave(trigger);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows nothing when the pointer leaves before the delay', async () => {
    vi.useFakeTimers();
    render(
      <HoverCard card="card">
        <button type="button">platform</button>
      </HoverCard>,
    );
    const trigger = screen.getByRole('button', { name: 'platform' });
    fireEvent.pointerEnter(trigger);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    fireEvent.pointerLeave(trigger);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
