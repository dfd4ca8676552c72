import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  csrfNode,
  errorText,
  flowJson,
  type FlowOptions,
  identityHandlers,
  inputNode,
  submitNode,
} from '../test-fixtures.ts';
import {
  renderAccount,
  requestsTo,
  setupAccountServer,
  stubLocationAssign,
  submitEmailAndPassword,
} from '../test-routes.tsx';

const { server, requests } = setupAccountServer();
const origin = window.location.origin;
const assign = stubLocationAssign();

const registrationFlow = (options: FlowOptions = {}) =>
  flowJson('registration', {
    nodes: [
      csrfNode(),
      inputNode('traits.email', { type: 'email', label: 'E-Mail' }),
      inputNode('password', { group: 'password', type: 'password', label: 'Password' }),
      submitNode('oidc', 'Sign up with GitHub', 'provider', 'github'),
      submitNode('password', 'Sign up'),
    ],
    ...options,
  });

const register = () => submitEmailAndPassword('a long secret', 'Sign up');

describe('/registration', () => {
  it('creates a flow with after_verification_return_to and shows the page', async () => {
    server.use(identityHandlers.create('registration', registrationFlow()));
    renderAccount('/registration?return_to=%2Fhealth');
    expect(await screen.findByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Create account' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Register | Vigil'));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    const [create] = requestsTo(requests, '/self-service/registration/browser');
    expect(create?.url.searchParams.get('after_verification_return_to')).toBe('/health');
  });

  it('fetches the flow named by ?flow=', async () => {
    server.use(identityHandlers.get('registration', registrationFlow({ id: 'r-2' })));
    renderAccount('/registration?flow=r-2');
    expect(await screen.findByLabelText('E-Mail')).toBeInTheDocument();
    expect(requestsTo(requests, '/self-service/registration/flows')[0]?.url.search).toBe('?id=r-2');
  });

  it('renders social sign-up in a form of its own and posts the password method', async () => {
    server.use(
      identityHandlers.create('registration', registrationFlow()),
      identityHandlers.update('registration', { identity: { id: 'i-1' }, session: { id: 's' } }),
    );
    renderAccount('/registration');
    await register();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(requestsTo(requests, '/self-service/registration')[0]?.body).toEqual({
      csrf_token: 'csrf-123',
      'traits.email': 'ada@example.com',
      password: 'a long secret',
      method: 'password',
    });
    expect(screen.getByRole('button', { name: 'Sign up with GitHub' }).closest('form')).not.toBe(
      screen.getByRole('button', { name: 'Sign up' }).closest('form'),
    );
  });

  it("goes to the flow's return_to after registration", async () => {
    server.use(
      identityHandlers.create('registration', registrationFlow({ return_to: `${origin}/agents` })),
      identityHandlers.update('registration', { identity: { id: 'i-1' } }),
    );
    renderAccount('/registration');
    await register();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${origin}/agents`));
  });

  it('shows field errors from a 400 answer', async () => {
    const rejected = registrationFlow();
    rejected.ui.nodes = rejected.ui.nodes.map((node) =>
      node.type === 'input' && node.attributes.name === 'traits.email'
        ? {
            ...node,
            messages: [errorText('An account with the same identifier exists already.', 4000007)],
          }
        : node,
    );
    server.use(
      identityHandlers.create('registration', registrationFlow()),
      identityHandlers.update('registration', rejected, 400),
    );
    renderAccount('/registration');
    await register();
    expect(
      await screen.findByText('An account with the same identifier exists already.'),
    ).toHaveClass('text-unhealthy');
  });
});
