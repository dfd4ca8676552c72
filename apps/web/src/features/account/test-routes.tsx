import type { SetupServer } from 'msw/node';
import { afterEach } from 'vitest';
import { useLocation, type RouteObject } from 'react-router';
import { renderRoutes } from '../../testing/render-routes.tsx';
import { accountRoutes } from './routes.tsx';

/** Shows where the router went, for pages that redirect outside the account routes. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

const probeRoutes: RouteObject[] = [
  { path: '/', Component: LocationProbe },
  { path: '*', Component: LocationProbe },
];

/** The account routes as the app mounts them, with a probe on '/' and unknown paths. */
export function renderAccount(path: string, routes: RouteObject[] = accountRoutes) {
  return renderRoutes([...routes, ...probeRoutes], [path]);
}

export function currentLocation(result: ReturnType<typeof renderAccount>): string {
  const { pathname, search } = result.router.state.location;
  return `${pathname}${search}`;
}

export interface RecordedRequest {
  method: string;
  url: URL;
  body: unknown;
}

/** Every request the page sends, with its JSON body. */
export function recordRequests(server: SetupServer): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    const copy = request.clone();
    const entry: RecordedRequest = {
      method: request.method,
      url: new URL(request.url),
      body: undefined,
    };
    requests.push(entry);
    if (request.method !== 'GET') {
      void copy.json().then(
        (body: unknown) => {
          entry.body = body;
        },
        () => undefined,
      );
    }
  });
  afterEach(() => {
    requests.length = 0;
  });
  return requests;
}

export function requestsTo(requests: RecordedRequest[], path: string): RecordedRequest[] {
  return requests.filter((request) => request.url.pathname === `/api/identity${path}`);
}
