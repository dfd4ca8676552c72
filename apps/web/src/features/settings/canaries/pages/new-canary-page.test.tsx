import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../../../app/routes.tsx';
import { setupMsw } from '../../../../testing/msw.ts';
import { renderRoutes } from '../../../../testing/render-routes.tsx';
import { sessionHandlers } from '../../../../testing/session-handlers.ts';

const server = setupMsw();

function renderNew(type: string) {
  server.use(
    ...sessionHandlers(),
    http.get('/api/schemas/canary.schema.json', () => HttpResponse.json({ type: 'object' })),
    http.get('/api/db/canaries_with_status', () => HttpResponse.json([])),
  );
  const user = userEvent.setup();
  const rendered = renderRoutes(appRoutes, [`/settings/canaries/new?type=${type}`]);
  return { user, ...rendered };
}

describe('new canary form', () => {
  it('requires the name, the check name and the URL of an HTTP check', async () => {
    const { user } = renderNew('http');
    await screen.findByRole('heading', { name: 'Add HTTP Health Check' });
    await user.type(screen.getByLabelText('Name *'), 'web');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const errors = await screen.findAllByText('This field is required');
    expect(errors).toHaveLength(2);
    expect(screen.getByLabelText('Check Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('URL *')).toHaveAttribute('aria-invalid', 'true');
  });
});
