import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { FlowKind } from '../api/flow-api.ts';
import { IdentityError } from '../api/identity-error.ts';
import { errorJson } from '../test-fixtures.ts';
import { flowErrorMessages, handleFlowError } from './handle-flow-error.ts';

const origin = window.location.origin;
let assign: Mock<(url: string | URL) => void>;
let toastError: Mock;

beforeEach(() => {
  window.history.replaceState(null, '', '/profile-settings?flow=abc');
  assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  toastError = vi.spyOn(toast, 'error').mockImplementation(() => 1);
});

afterEach(() => {
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

function run(error: unknown, kind: FlowKind = 'login') {
  const context = { kind, navigate: vi.fn(), restart: vi.fn() };
  handleFlowError(error, context);
  return context;
}

const identityError = (id: string, status: number, redirect?: string) =>
  new IdentityError(status, errorJson(id, status, redirect));

describe('handleFlowError', () => {
  it('session_aal2_required follows the redirect, with return_to added on settings', () => {
    const redirect = `${origin}/login?aal=aal2`;
    run(identityError('session_aal2_required', 403, redirect), 'login');
    expect(assign).toHaveBeenLastCalledWith(redirect);

    run(identityError('session_aal2_required', 403, redirect), 'settings');
    const target = new URL(String(assign.mock.lastCall?.[0]));
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('aal')).toBe('aal2');
    expect(target.searchParams.get('return_to')).toBe('/profile-settings?flow=abc');
  });

  it('session_aal2_required without a redirect goes to the second-factor login', () => {
    expect(run(identityError('session_aal2_required', 403)).navigate).toHaveBeenCalledWith(
      '/login?aal=aal2',
    );
  });

  it('session_already_available goes home', () => {
    expect(run(identityError('session_already_available', 400)).navigate).toHaveBeenCalledWith('/');
  });

  it('session_refresh_required follows the redirect, else logs in again with refresh', () => {
    const redirect = `${origin}/login?refresh=true&return_to=x`;
    run(identityError('session_refresh_required', 403, redirect));
    expect(assign).toHaveBeenCalledWith(redirect);
    expect(run(identityError('session_refresh_required', 403)).navigate).toHaveBeenCalledWith(
      '/login?refresh=true',
    );
  });

  it.each([
    ['self_service_flow_return_to_forbidden', 400, flowErrorMessages.returnToForbidden],
    ['self_service_flow_expired', 410, flowErrorMessages.expired],
    ['security_csrf_violation', 403, flowErrorMessages.csrf],
  ])('%s toasts and restarts the flow', (id, status, message) => {
    const context = run(identityError(id, status));
    expect(toastError).toHaveBeenCalledWith(message);
    expect(context.restart).toHaveBeenCalledOnce();
  });

  it('keeps the exact texts of the catalogue', () => {
    expect(flowErrorMessages).toEqual({
      returnToForbidden: 'The return_to address is not allowed.',
      expired: 'Your interaction expired, please fill out the form again.',
      csrf: 'A security violation was detected, please fill out the form again.',
    });
  });

  it('security_identity_mismatch restarts silently', () => {
    const context = run(identityError('security_identity_mismatch', 403));
    expect(context.restart).toHaveBeenCalledOnce();
    expect(toastError).not.toHaveBeenCalled();
  });

  it('browser_location_change_required sends the browser to the given address', () => {
    run(identityError('browser_location_change_required', 422, 'https://github.com/login/oauth'));
    expect(assign).toHaveBeenCalledWith('https://github.com/login/oauth');
  });

  it('session_inactive goes to login with return_to', () => {
    expect(run(identityError('session_inactive', 401)).navigate).toHaveBeenCalledWith(
      '/login?return_to=%2Fprofile-settings%3Fflow%3Dabc',
    );
  });

  it('restarts on any other 410', () => {
    expect(run(new IdentityError(410, {})).restart).toHaveBeenCalledOnce();
  });

  it('rethrows everything else for the route error boundary', () => {
    const serverError = new IdentityError(500, errorJson('internal', 500));
    expect(() => run(serverError)).toThrow(serverError);
    const network = new Error('Network Error');
    expect(() => run(network)).toThrow(network);
  });
});
