import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  csrfNode,
  errorJson,
  flowJson,
  identityHandlers,
  imgNode,
  inputNode,
  submitNode,
  textNode,
  uiText,
} from '../test-fixtures.ts';
import { currentLocation, renderAccount, requestsTo, setupAccountServer } from '../test-routes.tsx';
import { SettingsPage, settingsMessageTimeout } from './settings-page.tsx';

const { server, requests } = setupAccountServer();

afterEach(() => {
  vi.useRealTimers();
});

const profileAndPassword = () => [
  csrfNode(),
  inputNode('traits.email', {
    group: 'profile',
    type: 'email',
    label: 'E-Mail',
    value: 'ada@example.com',
  }),
  submitNode('profile', 'Save'),
  inputNode('password', { group: 'password', type: 'password', label: 'Password' }),
  submitNode('password', 'Save password'),
];

const allGroups = () => [
  ...profileAndPassword(),
  submitNode('oidc', 'Link github', 'link', 'github'),
  submitNode(
    'lookup_secret',
    'Generate new backup recovery codes',
    'lookup_secret_regenerate',
    true,
  ),
  imgNode('data:image/png;base64,iVBORw0KGgo='),
  textNode('totp_secret_key', uiText(1050006, 'JBSWY3DP'), 'Secret key'),
  inputNode('totp_code', { group: 'totp', label: 'Verify code' }),
  submitNode('totp', 'Save TOTP'),
  inputNode('webauthn_register_displayname', {
    group: 'webauthn',
    label: 'Name of the security key',
  }),
];

const sectionTitles = [
  'Profile Settings',
  'Change Password',
  'Manage Social Sign In',
  'Manage 2FA Backup Recovery Codes',
  'Manage 2FA TOTP Authenticator App',
  'Manage Hardware Tokens and Biometrics',
];

describe('/profile-settings', () => {
  it('creates a flow with return_to and shows only the sections the flow has', async () => {
    server.use(
      identityHandlers.create('settings', flowJson('settings', { nodes: profileAndPassword() })),
    );
    renderAccount('/profile-settings?return_to=%2Fhealth');
    expect(await screen.findByRole('heading', { name: 'Profile Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Manage Social Sign In' }),
    ).not.toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Profile Management and Security Settings | Vigil'),
    );
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/health');
    expect(screen.getByRole('link', { name: 'Vigil home' })).toBeInTheDocument();
    const [create] = requestsTo(requests, '/self-service/settings/browser');
    expect(create?.url.searchParams.get('return_to')).toBe('/health');
  });

  it('shows every section, each its own form with the csrf token', async () => {
    server.use(
      identityHandlers.get('settings', flowJson('settings', { id: 's-1', nodes: allGroups() })),
    );
    renderAccount('/profile-settings?flow=s-1');
    for (const title of sectionTitles) {
      const section = await screen.findByRole('region', { name: title });
      const form = section.querySelector('form');
      expect(form?.querySelector('input[name="csrf_token"]')).toHaveValue('csrf-123');
    }
    const totp = screen.getByRole('region', { name: 'Manage 2FA TOTP Authenticator App' });
    expect(within(totp).getAllByRole('link', { name: 'App Store' }).length).toBeGreaterThan(0);
    expect(
      within(totp).getByRole('img', { name: 'Authenticator app QR code' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('region', { name: 'Manage 2FA Backup Recovery Codes' }),
    ).toHaveTextContent(/lose your 2FA device/);
    expect(
      screen.getByRole('region', { name: 'Manage Hardware Tokens and Biometrics' }),
    ).toHaveTextContent(/hardware key.*face or touch recognition/);
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it('posts one section and clears the saved message after 10 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const saved = flowJson('settings', {
      state: 'success',
      nodes: profileAndPassword(),
      messages: [uiText(1050001, 'Your changes have been saved!', 'success')],
    });
    server.use(
      identityHandlers.create('settings', flowJson('settings', { nodes: profileAndPassword() })),
      identityHandlers.update('settings', saved),
    );
    const result = renderAccount('/profile-settings');
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await user.type(await screen.findByLabelText('Password'), 'new secret');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your changes have been saved!')).toBeInTheDocument();
    expect(requestsTo(requests, '/self-service/settings')[0]?.body).toEqual({
      csrf_token: 'csrf-123',
      password: 'new secret',
      method: 'password',
    });
    expect(currentLocation(result)).toBe('/profile-settings?flow=settings-flow-1');
    // Let the effect that starts the 10 s timer run before the clock moves: on a loaded
    // machine it could otherwise start inside the first advance, and end after the last.
    await act(async () => {});
    // Margins either side: with shouldAdvanceTime, a loaded machine adds real time too.
    act(() => {
      vi.advanceTimersByTime(settingsMessageTimeout - 2_000);
    });
    expect(screen.getByText('Your changes have been saved!')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    await waitFor(() =>
      expect(screen.queryByText('Your changes have been saved!')).not.toBeInTheDocument(),
    );
  });

  it('sends a visitor without a session to login with return_to', async () => {
    server.use(identityHandlers.create('settings', errorJson('session_inactive', 401), 401));
    const result = renderAccount('/profile-settings', [
      { path: '/profile-settings', Component: SettingsPage },
    ]);
    await waitFor(() => expect(currentLocation(result)).toMatch(/^\/login\?return_to=/));
  });
});
