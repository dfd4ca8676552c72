import { http, HttpResponse, type JsonBodyType } from 'msw';
import { flowSchema, type Flow, type UiNode, type UiText } from './api/flow-schema.ts';

export const identityUrl = (path: string) => `${window.location.origin}/api/identity${path}`;

export function uiText(
  id: number,
  text: string,
  type = 'info',
  context?: Record<string, unknown>,
): UiText {
  return context === undefined ? { id, text, type } : { id, text, type, context };
}

export function errorText(text: string, id = 4000002): UiText {
  return uiText(id, text, 'error');
}

interface InputOptions {
  group?: string;
  type?: string;
  value?: unknown;
  label?: string;
  required?: boolean;
  onclick?: string;
  messages?: UiText[];
}

export function inputNode(name: string, options: InputOptions = {}): UiNode {
  const {
    group = 'default',
    type = 'text',
    value,
    label,
    required,
    onclick,
    messages = [],
  } = options;
  return {
    type: 'input',
    group,
    attributes: { node_type: 'input', name, type, value, required, onclick },
    messages,
    meta: { label: label === undefined ? undefined : uiText(1070001, label) },
  };
}

export const csrfNode = (token = 'csrf-123') =>
  inputNode('csrf_token', { type: 'hidden', value: token, required: true });

export function submitNode(group: string, label: string, name = 'method', value: unknown = group) {
  return inputNode(name, { group, type: 'submit', value, label });
}

export function textNode(id: string, text: UiText, label?: string, group = 'totp'): UiNode {
  return {
    type: 'text',
    group,
    attributes: { node_type: 'text', id, text },
    messages: [],
    meta: { label: label === undefined ? undefined : uiText(1050006, label) },
  };
}

export function imgNode(src: string, label = 'Authenticator app QR code'): UiNode {
  return {
    type: 'img',
    group: 'totp',
    attributes: { node_type: 'img', id: 'totp_qr', src, width: 256, height: 256 },
    messages: [],
    meta: { label: uiText(1050005, label) },
  };
}

export function scriptNode(src: string): UiNode {
  return {
    type: 'script',
    group: 'webauthn',
    attributes: {
      node_type: 'script',
      id: 'webauthn_script',
      src,
      async: true,
      crossorigin: 'anonymous',
      integrity: 'sha512-abc',
      referrerpolicy: 'no-referrer',
      type: 'text/javascript',
      nonce: 'nonce-1',
    },
    messages: [],
    meta: { label: undefined },
  };
}

export function anchorNode(href: string, title: string): UiNode {
  return {
    type: 'anchor',
    group: 'default',
    attributes: { node_type: 'anchor', id: 'continue', href, title: uiText(1070009, title) },
    messages: [],
    meta: { label: undefined },
  };
}

export interface FlowOptions {
  id?: string;
  nodes?: UiNode[];
  messages?: UiText[];
  state?: string;
  return_to?: string;
  refresh?: boolean;
  requested_aal?: string;
}

/** A Kratos-shaped browser flow as the identity service returns it. */
export function flowJson(kind: string, options: FlowOptions = {}) {
  const { id = `${kind}-flow-1`, nodes = [csrfNode()], messages, ...rest } = options;
  return {
    id,
    type: 'browser',
    expires_at: '2030-01-01T00:00:00Z',
    issued_at: '2026-01-01T00:00:00Z',
    request_url: `${window.location.origin}/api/identity/self-service/${kind}/browser`,
    ...rest,
    ui: {
      action: `${window.location.origin}/api/identity/self-service/${kind}?flow=${id}`,
      method: 'POST',
      ...(messages === undefined ? {} : { messages }),
      nodes,
    },
  };
}

/** The nodes of a recovery or verification flow that asks for an email to send a code to. */
export const emailCodeNodes = (): UiNode[] => [
  csrfNode(),
  inputNode('email', { group: 'code', type: 'email', label: 'Email' }),
  submitNode('code', 'Submit'),
];

export const passwordLoginNodes = (): UiNode[] => [
  csrfNode(),
  inputNode('identifier', { label: 'E-Mail', required: true }),
  inputNode('password', { group: 'password', type: 'password', label: 'Password' }),
  submitNode('password', 'Sign in'),
];

/** The error body of the identity service. */
export function errorJson(id: string, code: number, redirect?: string) {
  return {
    error: { id, code, status: 'Error', reason: `reason of ${id}`, message: `message of ${id}` },
    ...(redirect === undefined ? {} : { redirect_browser_to: redirect }),
  };
}

export const identityHandlers = {
  create: (kind: string, body: JsonBodyType, status = 200) =>
    http.get(identityUrl(`/self-service/${kind}/browser`), () =>
      HttpResponse.json(body, { status }),
    ),
  get: (kind: string, body: JsonBodyType, status = 200) =>
    http.get(identityUrl(`/self-service/${kind}/flows`), () => HttpResponse.json(body, { status })),
  update: (kind: string, body: JsonBodyType, status = 200) =>
    http.post(identityUrl(`/self-service/${kind}`), () => HttpResponse.json(body, { status })),
};

/** The flow as the page holds it, parsed like the client parses answers. */
export function parsedFlow(kind: string, options: FlowOptions = {}): Flow {
  return flowSchema.parse(flowJson(kind, options));
}
