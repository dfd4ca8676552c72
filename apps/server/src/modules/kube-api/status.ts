import { ApiError, DomainError } from '../../platform/errors.ts';
import { httpStatusOf } from '../../platform/http/error-handler.ts';

/** The reasons kubectl knows how to print (metav1.StatusReason). */
export type StatusReason =
  | 'BadRequest'
  | 'Unauthorized'
  | 'Forbidden'
  | 'NotFound'
  | 'AlreadyExists'
  | 'Conflict'
  | 'MethodNotAllowed'
  | 'NotAcceptable'
  | 'UnsupportedMediaType'
  | 'RequestEntityTooLarge'
  | 'InternalError';

export interface StatusDetails {
  readonly name?: string;
  readonly group?: string;
  readonly kind?: string;
}

/** A Kubernetes API error: routes answer it as a `Status` object, which kubectl prints. */
export class KubeError extends Error {
  constructor(
    readonly code: number,
    readonly reason: StatusReason,
    message: string,
    readonly details: StatusDetails = {},
  ) {
    super(message);
  }

  toStatus(): KubeStatus {
    return {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: this.message,
      reason: this.reason,
      ...(Object.keys(this.details).length > 0 ? { details: this.details } : {}),
      code: this.code,
    };
  }
}

export interface KubeStatus {
  readonly kind: 'Status';
  readonly apiVersion: 'v1';
  readonly metadata: Record<string, never>;
  readonly status: 'Failure' | 'Success';
  readonly message: string;
  readonly reason: StatusReason;
  readonly details?: StatusDetails;
  readonly code: number;
}

const reasonByCode: Record<number, StatusReason> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  406: 'NotAcceptable',
  409: 'Conflict',
  413: 'RequestEntityTooLarge',
  415: 'UnsupportedMediaType',
};

/** Any error thrown below a route (data API, write hooks, framework) as a KubeError. */
export function toKubeError(error: unknown): KubeError {
  if (error instanceof KubeError) return error;
  if (error instanceof ApiError || error instanceof DomainError) {
    const status = httpStatusOf(error);
    const reason = reasonByCode[status] ?? (status < 500 ? 'BadRequest' : undefined);
    if (reason === undefined) return internalError();
    return new KubeError(status, reason, describe(error));
  }
  const status = statusOf(error);
  if (status !== undefined && status < 500) {
    const message = error instanceof Error ? error.message : 'bad request';
    return new KubeError(status, reasonByCode[status] ?? 'BadRequest', message);
  }
  return internalError();
}

export const internalError = (): KubeError =>
  new KubeError(500, 'InternalError', 'Internal error occurred');

function describe(error: ApiError | DomainError): string {
  return error.details ? `${error.message}: ${error.details}` : error.message;
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return undefined;
  return typeof error.statusCode === 'number' ? error.statusCode : undefined;
}
