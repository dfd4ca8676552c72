import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { vi } from 'vitest';
import { renderApp } from '@/testing/render-routes.tsx';
import { sessionHandlers, type SessionFixture } from '@/testing/session-handlers.ts';

// Page chunks are lazy and the machine is busy: a second is short.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 30_000 });

export interface RenderPlaybookOptions extends SessionFixture {
  handlers?: RequestHandler[];
}

/** The whole app at a path, with the session and the given handlers (the test's come first). */
export function renderPlaybookRoute(
  server: SetupServer,
  path: string,
  options: RenderPlaybookOptions = {},
) {
  server.use(...(options.handlers ?? []), ...sessionHandlers(options));
  const notify: string[] = [];
  const user = userEvent.setup();
  const rendered = renderApp([path], (message) => notify.push(message));
  return { user, notify, ...rendered };
}

/** Records every request of one handler, as decoded query strings and JSON bodies. */
export function recorder() {
  const queries: URLSearchParams[] = [];
  const bodies: unknown[] = [];
  return {
    queries,
    bodies,
    get: (path: string, answer: () => JsonBodyType, headers: Record<string, string> = {}) =>
      http.get(path, ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(answer(), { headers });
      }),
    post: (path: string, answer: (body: unknown) => Response) =>
      http.post(path, async ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        const body: unknown = await request.json();
        bodies.push(body);
        return answer(body);
      }),
  };
}
