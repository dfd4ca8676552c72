import { sameSecret, sha256, type Sealer } from '../../../platform/crypto.ts';
import type { Database, Queryable } from '../../../platform/db.ts';
import { identityErrors } from '../identity-errors.ts';
import type { IdentitySettings } from '../identity.settings.ts';
import { input } from '../ui/nodes.ts';
import type { UiContainer, UiNode, UiText } from '../ui/ui.types.ts';
import { flowPages, isAllowedReturnTo, type Browser } from './browser.ts';
import {
  findFlow,
  insertFlow,
  saveFlow,
  type FlowKind,
  type FlowRecord,
} from './flow.repository.ts';

export interface FlowDraft {
  readonly state: string;
  readonly nodes: UiNode[];
  readonly messages?: UiText[];
  readonly identityId?: string | null;
  readonly refresh?: boolean;
  readonly requestedAal?: 'aal1' | 'aal2';
  readonly internal?: Record<string, unknown>;
}

export type FlowService = ReturnType<typeof createFlowService>;

/** Creating, loading, checking and rendering self-service flows, whatever their kind. */
export function createFlowService(db: Database, settings: IdentitySettings, sealer: Sealer) {
  const csrfValue = (browser: Browser): string => sealer.mac(`csrf:${browser.csrfCookie}`);

  return {
    async create(
      kind: FlowKind,
      browser: Browser,
      returnTo: string | undefined,
      draft: FlowDraft,
      client: Queryable = db.pool,
    ): Promise<FlowRecord> {
      if (returnTo && !isAllowedReturnTo(returnTo, browser.origin)) {
        throw identityErrors.returnToForbidden();
      }
      return insertFlow(client, {
        kind,
        state: draft.state,
        csrfHash: sha256(browser.csrfCookie),
        identityId: draft.identityId ?? null,
        returnTo: returnTo ?? null,
        requestUrl: browser.requestUrl,
        refresh: draft.refresh ?? false,
        requestedAal: draft.requestedAal ?? 'aal1',
        ui: container(draft),
        internal: draft.internal ?? {},
        lifetimeSeconds: settings.flowLifetimeSeconds,
      });
    },

    /** A flow this browser may see: it exists, is of this kind and was made for this browser. */
    async load(kind: FlowKind, id: string, browser: Browser): Promise<FlowRecord> {
      const flow = await findFlow(db.pool, id);
      if (!flow || flow.kind !== kind) throw identityErrors.notFound(`The ${kind} flow`);
      if (!sameSecret(flow.csrf_hash, sha256(browser.csrfCookie))) throw identityErrors.csrf();
      return flow;
    },

    /** A flow of any of these kinds, made for this browser (the OIDC callback's). */
    async loadAny(kinds: readonly FlowKind[], id: string, browser: Browser): Promise<FlowRecord> {
      const flow = await findFlow(db.pool, id);
      if (!flow || !kinds.includes(flow.kind)) throw identityErrors.notFound('The flow');
      if (!sameSecret(flow.csrf_hash, sha256(browser.csrfCookie))) throw identityErrors.csrf();
      return flow;
    },

    /** As load, plus the checks of a submission: not expired, and the form's CSRF token. */
    async loadForSubmit(
      kind: FlowKind,
      id: string,
      browser: Browser,
      submittedCsrf: string | undefined,
    ): Promise<FlowRecord> {
      const flow = await this.load(kind, id, browser);
      if (!submittedCsrf || !sameSecret(submittedCsrf, csrfValue(browser))) {
        throw identityErrors.csrf();
      }
      if (flow.expires_at.getTime() < Date.now()) {
        throw identityErrors.expired(flow.expires_at.toISOString());
      }
      return flow;
    },

    save(flow: FlowRecord, draft: FlowDraft, client: Queryable = db.pool): Promise<FlowRecord> {
      return saveFlow(client, flow.id, {
        state: draft.state,
        ui: container(draft),
        internal: draft.internal ?? flow.internal,
      });
    },

    /** The flow as Kratos returns it; the CSRF token is computed for this browser, never stored. */
    render(flow: FlowRecord, browser: Browser, extra: Record<string, unknown> = {}) {
      const token = csrfValue(browser);
      const nodes = flow.ui.nodes.map((node) =>
        node.attributes.node_type === 'input' && node.attributes.name === 'csrf_token'
          ? { ...node, attributes: { ...node.attributes, value: token } }
          : node,
      );
      return {
        id: flow.id,
        type: 'browser',
        expires_at: flow.expires_at.toISOString(),
        issued_at: flow.issued_at.toISOString(),
        request_url: flow.request_url,
        ...(flow.return_to ? { return_to: flow.return_to } : {}),
        state: flow.state,
        ui: {
          ...flow.ui,
          action: `${browser.origin}/api/identity/self-service/${flow.kind}?flow=${flow.id}`,
          nodes,
        },
        created_at: flow.created_at.toISOString(),
        updated_at: flow.updated_at.toISOString(),
        ...(flow.kind === 'login'
          ? { refresh: flow.refresh, requested_aal: flow.requested_aal }
          : {}),
        ...extra,
      };
    },

    pageUrl(flow: FlowRecord): string {
      return `${flowPages[flow.kind]}?flow=${flow.id}`;
    },
  };
}

/** The stored form; its action URL and CSRF value are filled in per browser by render(). */
function container(draft: FlowDraft): UiContainer {
  const csrf = input('default', 'csrf_token', 'hidden', { value: '', required: true });
  return {
    action: '',
    method: 'POST',
    ...(draft.messages && draft.messages.length > 0 ? { messages: draft.messages } : {}),
    nodes: [csrf, ...draft.nodes],
  };
}
