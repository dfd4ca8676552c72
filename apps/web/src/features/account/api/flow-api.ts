import {
  isLoginBody,
  isRecoveryBody,
  isRegistrationBody,
  isSettingsBody,
  isVerificationBody,
  missingMethod,
  type FlowBody,
} from './flow-body.ts';
import { flowSchema, parseFlow, type Flow } from './flow-schema.ts';
import { identityApi } from './frontend-api.ts';
import { toIdentityError } from './identity-error.ts';

export type FlowKind = 'login' | 'registration' | 'settings' | 'recovery' | 'verification';

export interface CreateFlowParams {
  returnTo?: string;
  /** Login only. */
  refresh?: boolean;
  /** Login only. */
  aal?: string;
}

/** What a submit ended in: a flow to show again, or a finished flow (login, registration). */
export type SubmitResult = { flow: Flow } | { done: true };

async function call(request: () => Promise<{ data: unknown }>): Promise<unknown> {
  try {
    const response = await request();
    return response.data;
  } catch (error) {
    throw toIdentityError(error);
  }
}

function readFlow(data: unknown): Flow {
  const parsed = flowSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error('Unexpected response from the identity service', { cause: parsed.error });
  }
  return parsed.data;
}

export async function createFlow(kind: FlowKind, params: CreateFlowParams = {}): Promise<Flow> {
  const api = identityApi();
  const { returnTo, refresh, aal } = params;
  const requests: Record<FlowKind, () => Promise<{ data: unknown }>> = {
    login: () => api.createBrowserLoginFlow({ refresh, aal, returnTo }),
    registration: () => api.createBrowserRegistrationFlow({ afterVerificationReturnTo: returnTo }),
    settings: () => api.createBrowserSettingsFlow({ returnTo }),
    recovery: () => api.createBrowserRecoveryFlow({ returnTo }),
    verification: () => api.createBrowserVerificationFlow({ returnTo }),
  };
  return readFlow(await call(requests[kind]));
}

export async function getFlow(kind: FlowKind, id: string): Promise<Flow> {
  const api = identityApi();
  const requests: Record<FlowKind, () => Promise<{ data: unknown }>> = {
    login: () => api.getLoginFlow({ id }),
    registration: () => api.getRegistrationFlow({ id }),
    settings: () => api.getSettingsFlow({ id }),
    recovery: () => api.getRecoveryFlow({ id }),
    verification: () => api.getVerificationFlow({ id }),
  };
  return readFlow(await call(requests[kind]));
}

function updateRequest(kind: FlowKind, flow: string, body: FlowBody) {
  const api = identityApi();
  switch (kind) {
    case 'login':
      if (!isLoginBody(body)) throw missingMethod();
      return () => api.updateLoginFlow({ flow, updateLoginFlowBody: body });
    case 'registration':
      if (!isRegistrationBody(body)) throw missingMethod();
      return () => api.updateRegistrationFlow({ flow, updateRegistrationFlowBody: body });
    case 'settings':
      if (!isSettingsBody(body)) throw missingMethod();
      return () => api.updateSettingsFlow({ flow, updateSettingsFlowBody: body });
    case 'recovery':
      if (!isRecoveryBody(body)) throw missingMethod();
      return () => api.updateRecoveryFlow({ flow, updateRecoveryFlowBody: body });
    case 'verification':
      if (!isVerificationBody(body)) throw missingMethod();
      return () => api.updateVerificationFlow({ flow, updateVerificationFlowBody: body });
  }
}

/** Login answers `{session}` and registration `{identity, session}`; the others answer the flow. */
export async function submitFlow(
  kind: FlowKind,
  id: string,
  body: FlowBody,
): Promise<SubmitResult> {
  const data = await call(updateRequest(kind, id, body));
  const flow = parseFlow(data);
  if (flow !== undefined) return { flow };
  if (kind === 'login' || kind === 'registration') return { done: true };
  return { flow: readFlow(data) };
}
