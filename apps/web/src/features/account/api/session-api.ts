import { z } from 'zod';
import { identityApi } from './frontend-api.ts';
import { toIdentityError } from './identity-error.ts';

const sessionSchema = z.object({ id: z.string(), active: z.boolean().optional() });
export type SessionSummary = z.infer<typeof sessionSchema>;

/** The current session; rejects with an IdentityError (401, 403 aal2, …) when there is none. */
export async function checkSession(): Promise<SessionSummary> {
  let data: unknown;
  try {
    ({ data } = await identityApi().toSession());
  } catch (error) {
    throw toIdentityError(error);
  }
  const parsed = sessionSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error('Unexpected response from the identity service', { cause: parsed.error });
  }
  return parsed.data;
}

const flowErrorSchema = z.object({ id: z.string(), error: z.unknown() });
export type StoredFlowError = z.infer<typeof flowErrorSchema>;

/** A flow error the identity service stored and sent the browser to /error?id= for. */
export async function loadFlowError(id: string): Promise<StoredFlowError> {
  let data: unknown;
  try {
    ({ data } = await identityApi().getFlowError({ id }));
  } catch (error) {
    throw toIdentityError(error);
  }
  const parsed = flowErrorSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error('Unexpected response from the identity service', { cause: parsed.error });
  }
  return parsed.data;
}
