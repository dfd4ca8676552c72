import type { APIRequestContext } from '@playwright/test';
import { request as playwrightRequest } from '@playwright/test';

export const adminAccount = {
  email: 'admin@example.com',
  password: 'e2e admin passphrase',
  first: 'Ada',
  last: 'Admin',
};

const json = { Accept: 'application/json', 'Content-Type': 'application/json' };

/** The CSRF token and id of a flow answered as JSON. */
export function flowParts(flow: unknown): { id: string; csrf: string } {
  const parsed = flowShape(flow);
  const csrf = parsed.ui.nodes.find((n) => n.attributes.name === 'csrf_token')?.attributes.value;
  return { id: parsed.id, csrf: typeof csrf === 'string' ? csrf : '' };
}

function flowShape(value: unknown): {
  id: string;
  ui: { nodes: Array<{ attributes: { name?: string; value?: unknown } }> };
} {
  if (typeof value !== 'object' || value === null || !('id' in value) || !('ui' in value)) {
    throw new Error(`not a flow: ${JSON.stringify(value).slice(0, 200)}`);
  }
  const ui: unknown = value.ui;
  const nodes: unknown = typeof ui === 'object' && ui !== null && 'nodes' in ui ? ui.nodes : [];
  return {
    id: String(value.id),
    ui: {
      nodes: (Array.isArray(nodes) ? nodes : []).map((node: unknown) => {
        const attributes: unknown =
          typeof node === 'object' && node !== null && 'attributes' in node ? node.attributes : {};
        const a = typeof attributes === 'object' && attributes !== null ? attributes : {};
        return {
          attributes: {
            ...('name' in a ? { name: String(a.name) } : {}),
            ...('value' in a ? { value: a.value } : {}),
          },
        };
      }),
    },
  };
}

/** Signs in through the identity API; the context keeps the session cookie. */
export async function apiSignIn(
  context: APIRequestContext,
  email: string,
  password: string,
): Promise<void> {
  const created = await context.get('/api/identity/self-service/login/browser', { headers: json });
  const { id, csrf } = flowParts(await created.json());
  const answer = await context.post(`/api/identity/self-service/login?flow=${id}`, {
    headers: json,
    data: { method: 'password', csrf_token: csrf, identifier: email, password },
  });
  if (answer.status() !== 200) throw new Error(`sign-in as ${email} answered ${answer.status()}`);
}

/**
 * Invites a user as the admin, follows the one-time link in a fresh context and sets their
 * password, as a new colleague would; returns that signed-in context's storage state.
 */
export async function createUser(
  baseURL: string,
  admin: APIRequestContext,
  user: { email: string; role: string; password: string; first?: string; last?: string },
) {
  const invited = await admin.post('/api/auth/invite_user', {
    headers: json,
    data: {
      firstName: user.first ?? 'E2E',
      lastName: user.last ?? user.role,
      email: user.email,
      role: user.role,
    },
  });
  if (invited.status() !== 200)
    throw new Error(`invite answered ${invited.status()}: ${await invited.text()}`);
  const body: unknown = await invited.json();
  const link =
    typeof body === 'object' && body !== null && 'recovery_link' in body
      ? String(body.recovery_link)
      : '';
  const context = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { Origin: baseURL },
  });
  const followed = await context.get(link, { maxRedirects: 0 });
  const location = followed.headers().location ?? '';
  const flowId = new URL(location, baseURL).searchParams.get('flow') ?? '';
  const flow = await context.get(`/api/identity/self-service/settings/flows?id=${flowId}`, {
    headers: json,
  });
  const { csrf } = flowParts(await flow.json());
  const saved = await context.post(`/api/identity/self-service/settings?flow=${flowId}`, {
    headers: json,
    data: { method: 'password', csrf_token: csrf, password: user.password },
  });
  if (saved.status() !== 200) throw new Error(`setting the password answered ${saved.status()}`);
  const state = await context.storageState();
  await context.dispose();
  return state;
}
