import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  errorJson,
  errorText,
  flowJson,
  type FlowOptions,
  identityHandlers,
  identityUrl,
  passwordLoginNodes,
  uiText,
} from '../test-fixtures.ts';
import {
  currentLocation,
  renderAccount,
  requestsTo,
  setupAccountServer,
  stubLocationAssign,
  submitEmailAndPassword,
} from '../test-routes.tsx';

const { server, requests } = setupAccountServer();
const origin = window.location.origin;
const assign = stubLocationAssign();

const loginFlow = (options: FlowOptions = {}) =>
  flowJson('login', { nodes: passwordLoginNodes(), ...options });

const signIn = () => submitEmailAndPassword('secret', 'Sign in');

describe('/login', () => {
  it('creates a browser flow with refresh, aal and return_to from the query', async () => {
    server.use(identityHandlers.create('login', loginFlow({ refresh: true })));
    renderAccount('/login?refresh=true&aal=aal2&return_to=%2Fhealth');
    expect(await screen.findByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Confirm Action' })).toBeInTheDocument();
    const [create] = requestsTo(requests, '/self-service/login/browser');
    expect(create?.url.searchParams.get('refresh')).toBe('true');
    expect(create?.url.searchParams.get('aal')).toBe('aal2');
    expect(create?.url.searchParams.get('return_to')).toBe('/health');
    await waitFor(() => expect(document.title).toBe('Confirm Action | Vigil'));
  });

  it('fetches the flow named by ?flow= and titles a second factor from the flow', async () => {
    server.use(identityHandlers.get('login', loginFlow({ id: 'f-9', requested_aal: 'aal2' })));
    renderAccount('/login?flow=f-9');
    expect(
      await screen.findByRole('heading', { name: 'Two-Factor Authentication' }),
    ).toBeInTheDocument();
    const [get] = requestsTo(requests, '/self-service/login/flows');
    expect(get?.url.searchParams.get('id')).toBe('f-9');
    expect(requestsTo(requests, '/self-service/login/browser')).toHaveLength(0);
  });

  it('is titled Sign In and links to recovery and registration', async () => {
    server.use(
      identityHandlers.create('login', loginFlow()),
      http.get('/api/auth/registration', () => HttpResponse.json({ open: true })),
    );
    renderAccount('/login');
    expect(await screen.findByLabelText('E-Mail')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Sign In | Vigil'));
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/recovery',
    );
    expect(await screen.findByRole('link', { name: 'Create account' })).toHaveAttribute(
      'href',
      '/registration',
    );
  });

  it('offers no Create account when sign-up is by invitation only', async () => {
    server.use(
      identityHandlers.create('login', loginFlow()),
      http.get('/api/auth/registration', () => HttpResponse.json({ open: false })),
    );
    renderAccount('/login');
    expect(await screen.findByLabelText('E-Mail')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/auth/registration')).toBe(true),
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create account' })).not.toBeInTheDocument();
  });

  it('puts ?flow= in the address before sending the update, then goes to return_to', async () => {
    let addressAtSubmit = '';
    const result = renderAccount('/login');
    server.use(
      identityHandlers.create('login', loginFlow({ return_to: `${origin}/health` })),
      http.post(identityUrl('/self-service/login'), () => {
        addressAtSubmit = currentLocation(result);
        return HttpResponse.json({ session: { id: 's-1', active: true } });
      }),
    );
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${origin}/health`));
    expect(addressAtSubmit).toBe('/login?flow=login-flow-1');
    const [update] = requestsTo(requests, '/self-service/login');
    expect(update?.url.searchParams.get('flow')).toBe('login-flow-1');
    expect(update?.body).toEqual({
      csrf_token: 'csrf-123',
      identifier: 'ada@example.com',
      password: 'secret',
      method: 'password',
    });
  });

  it("goes to '/' after sign-in when the flow has no return_to", async () => {
    server.use(
      identityHandlers.create('login', loginFlow()),
      identityHandlers.update('login', { session: { id: 's-1' } }),
    );
    renderAccount('/login');
    await signIn();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('shows the errors of the flow a 400 answer returns', async () => {
    const rejected = loginFlow({
      messages: [uiText(4000006, 'The provided credentials are invalid.', 'error')],
      nodes: passwordLoginNodes().map((node) =>
        node.type === 'input' && node.attributes.name === 'password'
          ? { ...node, messages: [errorText('Property password is missing.')] }
          : node,
      ),
    });
    server.use(
      identityHandlers.create('login', loginFlow()),
      identityHandlers.update('login', rejected, 400),
    );
    renderAccount('/login');
    await signIn();
    expect(await screen.findByText('The provided credentials are invalid.')).toBeInTheDocument();
    expect(screen.getByText('Property password is missing.')).toHaveClass('text-unhealthy');
    expect(assign).not.toHaveBeenCalled();
  });

  it('restarts with a toast when the flow expired', async () => {
    let created = 0;
    server.use(
      http.get(identityUrl('/self-service/login/browser'), () => {
        created += 1;
        return HttpResponse.json(loginFlow({ id: `login-${created}` }));
      }),
      identityHandlers.update('login', errorJson('self_service_flow_expired', 410), 410),
    );
    const result = renderAccount('/login');
    await signIn();
    expect(
      await screen.findByText('Your interaction expired, please fill out the form again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(created).toBe(2));
    expect(currentLocation(result)).toBe('/login');
  });

  it('sends an unknown failure to the route error boundary', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server.use(identityHandlers.create('login', errorJson('internal', 500), 500));
    renderAccount('/login');
    expect(
      await screen.findByRole('heading', { name: 'Sorry.. there was an error' }),
    ).toBeInTheDocument();
  });
});
