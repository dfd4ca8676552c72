/**
 * What a service verb refuses with: a typed code, never an HTTP status. Only the HTTP error
 * handler (http/error-handler.ts) maps a code to a status.
 */
export type DomainErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'connection_test_failed'
  | 'not_implemented'
  | 'webhook_token_unreadable';

/** A refusal by a service verb, a write hook or an authenticator, in the API's error shape. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/**
 * An answer the HTTP layer itself builds with its status (PostgREST's codes, CSRF, static
 * files). Every error the API answers with has one shape, PostgREST's: {code, message,
 * details, hint}.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export interface ErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

export const badRequest = (message: string, details: string | null = null): DomainError =>
  new DomainError('bad_request', message, details);
export const notFound = (message: string): DomainError => new DomainError('not_found', message);
export const conflict = (message: string, hint: string | null = null): DomainError =>
  new DomainError('conflict', message, null, hint);
export const unauthenticated = (): DomainError =>
  new DomainError(
    'unauthenticated',
    'Sign in to continue.',
    null,
    'Your session is missing or has ended.',
  );
export const forbidden = (object: string, action: string): DomainError =>
  new DomainError('forbidden', `You do not have ${action} permission on ${object}.`);
