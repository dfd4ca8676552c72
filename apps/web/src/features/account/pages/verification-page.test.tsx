import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emailCodeNodes, errorJson, flowJson, identityHandlers } from '../test-fixtures.ts';
import { currentLocation, renderAccount, requestsTo, setupAccountServer } from '../test-routes.tsx';

const { server, requests } = setupAccountServer();

const verificationFlow = (id = 'ver-1') =>
  flowJson('verification', { id, nodes: emailCodeNodes() });

describe('/verification', () => {
  it('creates a flow with return_to and shows the page', async () => {
    server.use(identityHandlers.create('verification', verificationFlow()));
    renderAccount('/verification?return_to=%2Fhealth');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Verify your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    const [create] = requestsTo(requests, '/self-service/verification/browser');
    expect(create?.url.searchParams.get('return_to')).toBe('/health');
  });

  it('fetches the flow named by ?flow=', async () => {
    server.use(identityHandlers.get('verification', verificationFlow('ver-7')));
    renderAccount('/verification?flow=ver-7');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(requestsTo(requests, '/self-service/verification/flows')[0]?.url.search).toBe(
      '?id=ver-7',
    );
  });

  it.each([410, 403])('restarts at /verification when fetching answers %i', async (status) => {
    server.use(
      identityHandlers.get('verification', errorJson('gone', status), status),
      identityHandlers.create('verification', verificationFlow('fresh')),
    );
    const result = renderAccount('/verification?flow=old');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(currentLocation(result)).toBe('/verification');
    expect(requestsTo(requests, '/self-service/verification/browser')).toHaveLength(1);
  });

  it("goes to '/' when creating a flow answers 400", async () => {
    server.use(
      identityHandlers.create('verification', errorJson('session_already_available', 400), 400),
    );
    const result = renderAccount('/verification');
    await waitFor(() => expect(currentLocation(result)).toBe('/'));
  });
});
