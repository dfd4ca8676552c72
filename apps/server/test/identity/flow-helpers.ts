import type { UiNode, UiText } from '@ory/client';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp, type TestAppOptions } from '../app.ts';
import { newBrowser, type TestBrowser } from './browser.ts';

export interface FlowLike {
  readonly id: string;
  readonly ui: { readonly nodes: UiNode[]; readonly messages?: UiText[] };
}

export function csrfOf(flow: FlowLike): string {
  const value = inputValue(flow, 'csrf_token');
  if (typeof value !== 'string' || value === '') throw new Error('flow has no csrf_token');
  return value;
}

export function inputNode(flow: FlowLike, name: string): UiNode | undefined {
  return flow.ui.nodes.find((n) => 'name' in n.attributes && n.attributes.name === name);
}

export function inputValue(flow: FlowLike, name: string): unknown {
  const node = inputNode(flow, name);
  return node && 'value' in node.attributes ? node.attributes.value : undefined;
}

export function nodeById(flow: FlowLike, id: string): UiNode | undefined {
  return flow.ui.nodes.find((n) => 'id' in n.attributes && n.attributes.id === id);
}

/** Every message id on the flow and its nodes. */
export function messageIds(flow: FlowLike): number[] {
  return [
    ...(flow.ui.messages ?? []).map((m) => m.id),
    ...flow.ui.nodes.flatMap((n) => n.messages.map((m) => m.id)),
  ];
}

export function groupsOf(flow: FlowLike): Set<string> {
  return new Set(flow.ui.nodes.map((n) => n.group));
}

export function isFlow(value: unknown): value is FlowLike {
  return typeof value === 'object' && value !== null && 'id' in value && 'ui' in value;
}

export function errorId(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error: unknown = body.error;
  return typeof error === 'object' && error !== null && 'id' in error ? error.id : undefined;
}

export const admin = {
  email: 'ada@example.com',
  password: 'correct horse battery',
  first: 'Ada',
  last: 'Lovelace',
};

/** A fresh app per test file, and a way to open browsers against it. */
export function useIdentityApp(options: TestAppOptions = {}) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(options);
  });
  afterAll(async () => {
    await app?.close();
  });
  const current = (): TestApp => {
    if (!app) throw new Error('the app starts in beforeAll');
    return app;
  };
  return {
    app: current,
    browser: (): TestBrowser => newBrowser(current().baseUrl),
  };
}

/** Registers the first admin in a new browser and returns that signed-in browser. */
export async function registerAdmin(browser: TestBrowser): Promise<void> {
  const { data: flow } = await browser.api.createBrowserRegistrationFlow();
  const { status } = await browser.api.updateRegistrationFlow({
    flow: flow.id,
    updateRegistrationFlowBody: {
      method: 'password',
      csrf_token: csrfOf(flow),
      password: admin.password,
      traits: { email: admin.email, name: { first: admin.first, last: admin.last } },
    },
  });
  expect(status).toBe(200);
}

export async function signIn(browser: TestBrowser, identifier: string, password: string) {
  const { data: flow } = await browser.api.createBrowserLoginFlow();
  return browser.api.updateLoginFlow({
    flow: flow.id,
    updateLoginFlowBody: { method: 'password', csrf_token: csrfOf(flow), identifier, password },
  });
}

/** A new settings flow for a signed-in browser. */
export async function settingsFlow(b: TestBrowser) {
  return (await b.api.createBrowserSettingsFlow()).data;
}
