import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

function Broken(): never {
  throw new Error('widget exploded');
}

function BrokenWithoutMessage(): never {
  throw new Error('');
}

describe('RouteErrorPage', () => {
  it('catches a render error and shows its message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '/', Component: Broken, ErrorBoundary: RouteErrorPage }]);
    expect(await screen.findByText('Sorry.. there was an error')).toBeInTheDocument();
    expect(screen.getByText('widget exploded')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it("falls back to 'Something went wrong'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '/', Component: BrokenWithoutMessage, ErrorBoundary: RouteErrorPage }]);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
  });
});
