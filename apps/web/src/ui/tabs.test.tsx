import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TabList, TabPanel, useUrlTab } from './tabs.tsx';

const keys = ['errors', 'summary'] as const;

function Tabs() {
  const { selected, select } = useUrlTab('tab', keys);
  const location = useLocation();
  if (selected === undefined) return null;
  return (
    <>
      <TabList
        label="Details"
        idPrefix="t"
        items={keys.map((key) => ({ key, label: key }))}
        selected={selected}
        onSelect={select}
      />
      {keys.map((key) => (
        <TabPanel key={key} idPrefix="t" tabKey={key} selected={key === selected}>
          {key} panel
        </TabPanel>
      ))}
      <p data-testid="search">{location.search}</p>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/', Component: Tabs }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useUrlTab', () => {
  it('opens on the tab the link names, and on the first when it names none or an unknown one', () => {
    renderAt('/?tab=summary');
    expect(screen.getByRole('tab', { name: 'summary' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('summary panel');
  });

  it.each(['/', '/?tab=nope'])('selects the first tab at %s', (path) => {
    renderAt(path);
    expect(screen.getByRole('tab', { name: 'errors' })).toHaveAttribute('aria-selected', 'true');
  });

  it('writes the chosen tab to the query string, keeping the other parameters', async () => {
    const user = userEvent.setup();
    const router = renderAt('/?job=1');
    await user.click(screen.getByRole('tab', { name: 'summary' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?job=1&tab=summary');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('summary panel');
    await user.keyboard('{ArrowLeft}');
    expect(router.state.location.search).toBe('?job=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
