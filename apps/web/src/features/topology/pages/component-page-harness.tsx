import userEvent from '@testing-library/user-event';
import type { Role } from '@vigil/domain';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { expect, vi } from 'vitest';
import { renderApp } from '@/testing/render-routes.tsx';
import { disableFlag, sessionHandlers } from '@/testing/session-handlers.ts';
import { cluster, ids, topologyAnswer } from '../model/topology-fixtures.ts';

const componentPath = `/topology/${ids.cluster}`;
const manualLink = {
  config_id: ids.config,
  component_id: ids.cluster,
  selector_id: 'manual',
  config: {
    id: ids.config,
    name: 'prod-kubeconfig',
    type: 'Kubernetes::Cluster',
    health: 'healthy',
  },
};

/**
 * Renders the fixture cluster's page over `server` with its teams, checks and one manual link,
 * for the roles, extra handlers and flags given.
 */
export const componentPageRenderer =
  (server: SetupServer) =>
  (
    roles: Role[] = ['admin'],
    handlers: RequestHandler[] = [],
    components = [cluster],
    flags = [disableFlag('incidents', 'false')],
  ) => {
    server.use(
      ...handlers,
      ...sessionHandlers({ roles, flags }),
      http.get('/api/topology', () => HttpResponse.json(topologyAnswer(components))),
      http.get('/api/db/agents', () => HttpResponse.json([])),
      http.get('/api/db/components', () => HttpResponse.json([])),
      http.get('/api/db/team_components', ({ request }) => {
        expect(new URL(request.url).searchParams.get('component_id')).toBe(`eq.${ids.cluster}`);
        return HttpResponse.json([
          {
            team_id: ids.team,
            component_id: ids.cluster,
            role: 'owner',
            selector_id: 'manual',
            team: { id: ids.team, name: 'platform' },
          },
        ]);
      }),
      http.get('/api/db/checks_by_component', () =>
        HttpResponse.json([
          { id: ids.nodeA, name: 'api-health', type: 'http', status: 'unhealthy' },
        ]),
      ),
      http.get('/api/db/config_component_relationships', () => HttpResponse.json([manualLink])),
    );
    const notify = vi.fn();
    return { user: userEvent.setup(), notify, ...renderApp([componentPath], notify) };
  };
