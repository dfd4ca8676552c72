/**
 * Every error the API answers with has one shape, PostgREST's: {code, message, details, hint}.
 * Services throw these; the HTTP layer maps them in one place (http/error-handler.ts).
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

export const badRequest = (message: string, details: string | null = null): ApiError =>
  new ApiError(400, 'bad_request', message, details);
export const notFound = (message: string): ApiError => new ApiError(404, 'not_found', message);
export const unauthenticated = (): ApiError =>
  new ApiError(
    401,
    'unauthenticated',
    'Sign in to continue.',
    null,
    'Your session is missing or has ended.',
  );
export const forbidden = (object: string, action: string): ApiError =>
  new ApiError(403, 'forbidden', `You do not have ${action} permission on ${object}.`);
