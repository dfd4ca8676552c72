import { toast } from 'sonner';
import type { FlowKind } from '../api/flow-api.ts';
import { isIdentityError } from '../api/identity-error.ts';
import { currentPathAndQuery } from './return-to.ts';

export const flowErrorMessages = {
  returnToForbidden: 'The return_to address is not allowed.',
  expired: 'Your interaction expired, please fill out the form again.',
  csrf: 'A security violation was detected, please fill out the form again.',
} as const;

export interface FlowErrorContext {
  kind: FlowKind;
  /** Client navigation inside the app. */
  navigate: (to: string) => void;
  /** Drops the current flow and starts a new one on the page. */
  restart: () => void;
}

function withReturnTo(address: string): string {
  const url = new URL(address, window.location.origin);
  url.searchParams.set('return_to', currentPathAndQuery());
  return url.toString();
}

/**
 * The error catalogue of account flows, shared by every account page. Handled errors redirect,
 * toast or restart; anything else is rethrown for the route error boundary.
 */
export function handleFlowError(error: unknown, context: FlowErrorContext): void {
  if (!isIdentityError(error)) throw error;
  const redirect = error.redirectBrowserTo;
  switch (error.errorId) {
    case 'session_aal2_required':
      if (redirect === undefined) context.navigate('/login?aal=aal2');
      else window.location.assign(context.kind === 'settings' ? withReturnTo(redirect) : redirect);
      return;
    case 'session_already_available':
      context.navigate('/');
      return;
    case 'session_refresh_required':
      if (redirect === undefined) context.navigate('/login?refresh=true');
      else window.location.assign(redirect);
      return;
    case 'self_service_flow_return_to_forbidden':
      toast.error(flowErrorMessages.returnToForbidden);
      context.restart();
      return;
    case 'self_service_flow_expired':
      toast.error(flowErrorMessages.expired);
      context.restart();
      return;
    case 'security_csrf_violation':
      toast.error(flowErrorMessages.csrf);
      context.restart();
      return;
    case 'security_identity_mismatch':
      context.restart();
      return;
    case 'browser_location_change_required':
      if (redirect === undefined) break;
      window.location.assign(redirect);
      return;
    case 'session_inactive':
      context.navigate(`/login?return_to=${encodeURIComponent(currentPathAndQuery())}`);
      return;
  }
  if (error.status === 410) {
    context.restart();
    return;
  }
  throw error;
}
