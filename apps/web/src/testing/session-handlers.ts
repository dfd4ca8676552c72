import type { Role } from '@vigil/domain';
import { http, HttpResponse, type RequestHandler } from 'msw';
import type { Edition, Property } from '@/lib/session/session-schemas.ts';

export interface SessionFixture {
  roles?: Role[];
  flags?: Property[];
  edition?: Edition;
  backend?: string;
}

export const testUser = {
  id: '0192f0c4-0000-7000-8000-000000000001',
  name: 'Ada Admin',
  email: 'ada@example.com',
  avatar: null,
};

export function disableFlag(area: string, value = 'true'): Property {
  return {
    name: `${area}.disable`,
    value,
    description: null,
    source: null,
    created_by: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
  };
}

/** whoami, about and properties: what the shell needs before it renders. */
export function sessionHandlers({
  roles = ['admin'],
  flags = [],
  edition = 'full',
  backend = '2.3.4',
}: SessionFixture = {}): RequestHandler[] {
  return [
    http.get('/api/auth/whoami', () =>
      HttpResponse.json({ message: 'success', payload: { user: testUser, roles } }),
    ),
    http.get('/api/canary/about', () => HttpResponse.json({ Version: backend, backend, edition })),
    http.get('/api/properties', () => HttpResponse.json(flags)),
    // The user menu's sign-out control prepares a logout flow when it mounts.
    http.get('*/api/identity/self-service/logout/browser', () =>
      HttpResponse.json({
        logout_url: '/api/identity/self-service/logout?token=t',
        logout_token: 't',
      }),
    ),
  ];
}
