import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderApp } from '@/testing/render-routes.tsx';
import { flowJson, identityHandlers, passwordLoginNodes } from './test-fixtures.ts';

setupMsw(
  identityHandlers.create('login', flowJson('login', { nodes: passwordLoginNodes() })),
  http.get('/api/canary/about', () =>
    HttpResponse.json({ Version: '1', backend: '1', edition: 'full', auth: 'self' }),
  ),
);

describe('account routes', () => {
  it('render outside the application shell', async () => {
    renderApp(['/login']);
    expect(await screen.findByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });
});
