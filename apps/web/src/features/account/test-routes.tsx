import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SetupServer } from 'msw/node';
import { afterEach, beforeEach, vi, type Mock } from 'vitest';
import { useLocation, type RouteObject } from 'react-router';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes, underErrorBoundary } from '@/testing/render-routes.tsx';
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
export function renderAccount(
  path: string,
  routes: RouteObject[] = [underErrorBoundary(accountRoutes)],
) {
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

/** The MSW server of a page test, with every request the page sends to it. */
export function setupAccountServer(): { server: SetupServer; requests: RecordedRequest[] } {
  const server = setupMsw();
  return { server, requests: recordRequests(server) };
}

/** Replaces window.location.assign in every test, so pages leaving the app can be checked. */
export function stubLocationAssign(): Mock<(url: string | URL) => void> {
  const assign = vi.fn<(url: string | URL) => void>();
  beforeEach(() => {
    assign.mockClear();
    vi.spyOn(window.location, 'assign').mockImplementation(assign);
  });
  afterEach(() => vi.restoreAllMocks());
  return assign;
}

/** Fills the E-Mail and Password fields of the page's flow form and presses its submit button. */
export async function submitEmailAndPassword(password: string, submitLabel: string): Promise<void> {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-Mail'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: submitLabel }));
}
