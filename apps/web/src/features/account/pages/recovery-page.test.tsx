import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  csrfNode,
  emailCodeNodes,
  errorJson,
  flowJson,
  identityHandlers,
  inputNode,
  uiText,
} from '../test-fixtures.ts';
import { currentLocation, renderAccount, requestsTo, setupAccountServer } from '../test-routes.tsx';

const { server, requests } = setupAccountServer();

describe('/recovery', () => {
  it('creates a flow with return_to and shows the page', async () => {
    server.use(
      identityHandlers.create('recovery', flowJson('recovery', { nodes: emailCodeNodes() })),
    );
    renderAccount('/recovery?return_to=%2Fhealth');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recover account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Recovery | Vigil'));
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
    const [create] = requestsTo(requests, '/self-service/recovery/browser');
    expect(create?.url.searchParams.get('return_to')).toBe('/health');
  });

  it('fetches the flow named by ?flow= and replaces it with the answer to a submit', async () => {
    const sent = flowJson('recovery', {
      id: 'rec-1',
      state: 'sent_email',
      messages: [uiText(1060002, 'An email containing a recovery code has been sent.')],
      nodes: [csrfNode(), inputNode('code', { group: 'code', label: 'Recovery code' })],
    });
    server.use(
      identityHandlers.get(
        'recovery',
        flowJson('recovery', { id: 'rec-1', nodes: emailCodeNodes() }),
      ),
      identityHandlers.update('recovery', sent),
    );
    const result = renderAccount('/recovery?flow=rec-1');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('An email containing a recovery code has been sent.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Recovery code')).toBeInTheDocument();
    expect(requestsTo(requests, '/self-service/recovery')[0]?.body).toEqual({
      csrf_token: 'csrf-123',
      email: 'ada@example.com',
      method: 'code',
    });
    expect(currentLocation(result)).toBe('/recovery?flow=rec-1');
  });

  it('restarts without a toast on security_identity_mismatch', async () => {
    server.use(
      identityHandlers.get('recovery', errorJson('security_identity_mismatch', 403), 403),
      identityHandlers.create(
        'recovery',
        flowJson('recovery', { id: 'fresh', nodes: emailCodeNodes() }),
      ),
    );
    const result = renderAccount('/recovery?flow=stale');
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
    expect(currentLocation(result)).toBe('/recovery');
  });
});
