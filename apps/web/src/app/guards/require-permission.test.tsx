import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { appRoutes } from '../routes.tsx';
import { RequirePermission } from './require-permission.tsx';
import { useSession } from '@/lib/session/session-queries.ts';

const server = setupMsw();

function Guarded() {
  const session = useSession();
  if (session.isPending) return <p>loading</p>;
  return (
    <RequirePermission object="identities" action="read">
      <p>secret users</p>
    </RequirePermission>
  );
}

describe('RequirePermission', () => {
  it('renders the page when the roles allow it', async () => {
    server.use(...sessionHandlers({ roles: ['admin'] }));
    renderRoutes([{ path: '/', Component: Guarded }]);
    expect(await screen.findByText('secret users')).toBeInTheDocument();
  });

  it('renders the unauthorized page when refused', async () => {
    server.use(...sessionHandlers({ roles: ['viewer'] }));
    renderRoutes([{ path: '/', Component: Guarded }]);
    expect(
      await screen.findByText('You do not have permission to access this page'),
    ).toBeInTheDocument();
    expect(screen.queryByText('secret users')).not.toBeInTheDocument();
  });

  it('guards the settings routes', async () => {
    server.use(...sessionHandlers({ roles: ['responder'] }));
    renderRoutes(appRoutes, ['/settings/users']);
    expect(
      await screen.findByText('You do not have permission to access this page'),
    ).toBeInTheDocument();
  });
});
