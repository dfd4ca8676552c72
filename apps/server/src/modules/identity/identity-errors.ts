/**
 * Errors of the identity service, in Ory Kratos's shape and with its ids, so that clients
 * written for Kratos handle them (spec 000 §8).
 */
export class IdentityError extends Error {
  constructor(
    readonly id: string,
    readonly status: number,
    readonly reason: string,
    readonly redirectBrowserTo?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(reason);
  }

  toBody(): IdentityErrorBody {
    return {
      error: {
        id: this.id,
        code: this.status,
        status: statusText[this.status] ?? 'Error',
        reason: this.reason,
        message: this.message,
        ...(this.details ? { details: this.details } : {}),
      },
      ...(this.redirectBrowserTo ? { redirect_browser_to: this.redirectBrowserTo } : {}),
      // Kratos clients read error.message; the console's error catalogue reads message.
      message: this.message,
    };
  }
}

export interface IdentityErrorBody {
  error: {
    id: string;
    code: number;
    status: string;
    reason: string;
    message: string;
    details?: Record<string, unknown>;
  };
  redirect_browser_to?: string;
  message: string;
}

const statusText: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

export const identityErrors = {
  aal2Required: (redirect: string) =>
    new IdentityError(
      'session_aal2_required',
      403,
      'An active session was found but it does not fulfill the Authenticator Assurance Level, implying that the session must first be authenticated with a second factor.',
      redirect,
    ),
  alreadySignedIn: () =>
    new IdentityError(
      'session_already_available',
      400,
      'A valid session was detected and thus this flow can not be started.',
    ),
  refreshRequired: (redirect: string) =>
    new IdentityError(
      'session_refresh_required',
      403,
      'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
      redirect,
    ),
  returnToForbidden: () =>
    new IdentityError(
      'self_service_flow_return_to_forbidden',
      400,
      'The return_to address is not allowed.',
    ),
  expired: (since: string, useFlowId?: string) =>
    new IdentityError(
      'self_service_flow_expired',
      410,
      'The self-service flow expired, please start a new one.',
      undefined,
      { since, ...(useFlowId ? { use_flow_id: useFlowId } : {}) },
    ),
  csrf: () =>
    new IdentityError(
      'security_csrf_violation',
      403,
      'Please retry the flow and optionally clear your cookies. The request was rejected to protect you from Cross-Site-Request-Forgery (CSRF) which could cause account takeover, leaking personal information, and other serious security issues.',
    ),
  identityMismatch: () =>
    new IdentityError(
      'security_identity_mismatch',
      403,
      'The requested flow does not belong to the signed-in identity.',
    ),
  locationChange: (to: string) =>
    new IdentityError(
      'browser_location_change_required',
      422,
      'In order to complete this flow please redirect the browser to the given address.',
      to,
    ),
  inactive: () =>
    new IdentityError('session_inactive', 401, 'No active session was found in this request.'),
  notFound: (what: string) => new IdentityError('not_found', 404, `${what} could not be found.`),
  badRequest: (reason: string) => new IdentityError('bad_request', 400, reason),
};
