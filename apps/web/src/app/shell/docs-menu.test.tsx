import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { renderRoutes } from '@/testing/render-routes.tsx';
import { sessionHandlers } from '@/testing/session-handlers.ts';
import { appRoutes } from '../routes.tsx';

setupMsw(
  ...sessionHandlers(),
  http.get('/api/health', () => HttpResponse.json({ status: 'ok', database: 'ok', version: '1' })),
);

describe('docs menu', () => {
  it('links the API reference and the schemas in a new tab, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderRoutes(appRoutes, ['/status']);
    const trigger = await screen.findByRole('button', { name: 'Docs' });
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(trigger);
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    if (!panel) throw new Error('the docs menu has no panel');
    const api = within(panel).getByRole('link', { name: 'API reference' });
    expect(api).toHaveAttribute('href', '/api/docs');
    expect(api).toHaveAttribute('target', '_blank');
    expect(within(panel).getByRole('link', { name: 'Canary schema' })).toHaveAttribute(
      'href',
      '/api/schemas/canary.schema.json',
    );
    await user.keyboard('{Escape}');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});
