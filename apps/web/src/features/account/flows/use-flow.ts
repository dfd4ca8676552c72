import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { FlowBody } from '../api/flow-body.ts';
import type { Flow } from '../api/flow-schema.ts';
import {
  createFlow,
  getFlow,
  submitFlow,
  type CreateFlowParams,
  type FlowKind,
} from '../api/flow-api.ts';
import { isIdentityError } from '../api/identity-error.ts';
import { handleFlowError, type FlowErrorContext } from './handle-flow-error.ts';

export const flowPagePaths: Record<FlowKind, string> = {
  login: '/login',
  registration: '/registration',
  settings: '/profile-settings',
  recovery: '/recovery',
  verification: '/verification',
};

export type LoadPhase = 'get' | 'create';

export interface UseFlowOptions {
  kind: FlowKind;
  createParams?: CreateFlowParams;
  /** A page's own handling of a failed load, before the shared catalogue; true when handled. */
  onLoadError?: (error: unknown, phase: LoadPhase, context: FlowErrorContext) => boolean;
}

export interface FlowState {
  flow: Flow | undefined;
  /** Changes with every flow from the server; key forms by it so their fields reset. */
  revision: number;
  submit: (body: FlowBody) => Promise<void>;
  clearMessages: () => void;
}

/**
 * The account flow lifecycle: fetch the flow named by ?flow= or create a browser flow; on submit
 * put ?flow={id} in the address, send the update and show whatever flow comes back.
 */
export function useFlow({ kind, createParams = {}, onLoadError }: UseFlowOptions): FlowState {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const flowId = searchParams.get('flow');
  // Every navigation, even to the same address, has a new key: a restart loads a new flow.
  const { key: locationKey } = useLocation();
  const [flow, setFlow] = useState<Flow>();
  const [revision, setRevision] = useState(0);
  const [crash, setCrash] = useState<{ error: unknown }>();
  const loadedId = useRef<string | null>(null);

  const accept = useCallback((next: Flow) => {
    loadedId.current = next.id;
    setFlow(next);
    setRevision((value) => value + 1);
  }, []);

  const context: FlowErrorContext = {
    kind,
    navigate: (to) => void navigate(to),
    restart: () => {
      loadedId.current = null;
      setFlow(undefined);
      void navigate(flowPagePaths[kind], { replace: true });
    },
  };

  const fail = (error: unknown, phase?: LoadPhase) => {
    if (phase !== undefined && onLoadError?.(error, phase, context) === true) return;
    try {
      handleFlowError(error, context);
    } catch (unhandled) {
      setCrash({ error: unhandled });
    }
  };

  const load = useEffectEvent(async (id: string | null, state: { cancelled: boolean }) => {
    const phase: LoadPhase = id === null ? 'create' : 'get';
    try {
      const next = id === null ? await createFlow(kind, createParams) : await getFlow(kind, id);
      if (!state.cancelled) accept(next);
    } catch (error) {
      if (!state.cancelled) fail(error, phase);
    }
  });

  useEffect(() => {
    // After a submit the address names the flow already shown: nothing to load.
    if (flowId !== null && flowId === loadedId.current) return;
    const state = { cancelled: false };
    void load(flowId, state);
    return () => {
      state.cancelled = true;
    };
  }, [flowId, locationKey]);

  const submit = async (body: FlowBody) => {
    if (flow === undefined) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('flow', flow.id);
        return next;
      },
      { replace: true },
    );
    try {
      const result = await submitFlow(kind, flow.id, body);
      if ('flow' in result) accept(result.flow);
      else window.location.assign(flow.return_to || '/');
    } catch (error) {
      const returned = isIdentityError(error) && error.status === 400 ? error.flow : undefined;
      if (returned === undefined) fail(error);
      else accept(returned);
    }
  };

  const clearMessages = useCallback(() => {
    setFlow((current) => current && { ...current, ui: { ...current.ui, messages: [] } });
  }, []);

  if (crash !== undefined) throw crash.error;
  return { flow, revision, submit, clearMessages };
}
