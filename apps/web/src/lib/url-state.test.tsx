import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseUrlState, useUrlState } from './url-state.ts';

const schema = z.object({
  search: z.string().optional(),
  pageIndex: z.coerce.number().int().min(0).default(0),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});

describe('parseUrlState', () => {
  it('parses typed values', () => {
    const state = parseUrlState(
      schema,
      new URLSearchParams('search=db&pageIndex=2&sortOrder=desc'),
    );
    expect(state).toEqual({ search: 'db', pageIndex: 2, sortOrder: 'desc' });
  });

  it('drops invalid values so that defaults apply', () => {
    const state = parseUrlState(schema, new URLSearchParams('pageIndex=-4&sortOrder=up&search=x'));
    expect(state).toEqual({ search: 'x', pageIndex: 0, sortOrder: 'asc' });
  });
});

describe('useUrlState', () => {
  it('writes to and removes from the query string', () => {
    let latest: ReturnType<typeof useUrlState<typeof schema>> | undefined;
    function Probe() {
      latest = useUrlState(schema);
      return null;
    }
    const router = createMemoryRouter([{ path: '/', Component: Probe }], {
      initialEntries: ['/?search=a'],
    });
    render(<RouterProvider router={router} />);

    act(() => latest?.[1]({ pageIndex: 3, search: null }));
    expect(router.state.location.search).toBe('?pageIndex=3');
    expect(latest?.[0]).toEqual({ pageIndex: 3, sortOrder: 'asc' });
  });
});
