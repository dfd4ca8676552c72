import { z } from 'zod';
import {
  identityErrorBodySchema,
  parseFlow,
  type Flow,
  type IdentityErrorBody,
} from './flow-schema.ts';

const httpFailureSchema = z.object({
  response: z.object({ status: z.number(), data: z.unknown() }),
});

/** A non-2xx answer of the identity service, its body parsed at the boundary. */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  readonly status: number;
  readonly data: unknown;
  readonly body: IdentityErrorBody;

  constructor(status: number, data: unknown, options?: ErrorOptions) {
    const parsed = identityErrorBodySchema.safeParse(data);
    const body = parsed.success ? parsed.data : {};
    super(
      body.error?.reason ?? body.error?.message ?? `Identity request failed with ${status}`,
      options,
    );
    this.status = status;
    this.data = data;
    this.body = body;
  }

  get errorId(): string | undefined {
    return this.body.error?.id;
  }

  get redirectBrowserTo(): string | undefined {
    return this.body.redirect_browser_to;
  }

  /** A 400 on submit carries the flow with its field messages. */
  get flow(): Flow | undefined {
    return parseFlow(this.data);
  }
}

/** Turns the client's HTTP failure into an IdentityError; anything else (network) stays as is. */
export function toIdentityError(error: unknown): unknown {
  const parsed = httpFailureSchema.safeParse(error);
  if (!parsed.success) return error;
  return new IdentityError(parsed.data.response.status, parsed.data.response.data, {
    cause: error,
  });
}

export function isIdentityError(error: unknown): error is IdentityError {
  return error instanceof IdentityError;
}
