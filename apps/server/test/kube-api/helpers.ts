import type { Role } from '@vigil/domain';
import { afterAll, beforeAll, expect } from 'vitest';
import { createAccessTokenService } from '../../src/modules/identity/access-tokens/access-tokens.service.ts';
import { startTestApp, type TestApp } from '../app.ts';

/** Where the Kubernetes-style API is served. */
export const kubePath = '/api/kubernetes';
export const canariesPath = (namespace?: string, name?: string): string => {
  const base = `${kubePath}/apis/canaries.flanksource.com/v1`;
  if (namespace === undefined) return `${base}/canaries`;
  return `${base}/namespaces/${namespace}/canaries${name === undefined ? '' : `/${name}`}`;
};

export interface KubeResponse {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: unknown;
}

export interface KubeInit {
  readonly method?: string;
  /** An access token, or none for an anonymous request. */
  readonly token?: string;
  readonly body?: unknown;
  /** Sent as is (e.g. YAML); otherwise body is JSON-encoded. */
  readonly rawBody?: string;
  readonly contentType?: string;
  readonly accept?: string;
}

export interface KubeTestContext {
  readonly app: () => TestApp;
  /** A person with these roles and an access token for them. */
  person(roles: readonly Role[], name?: string): Promise<{ id: string; token: string }>;
  request(path: string, init?: KubeInit): Promise<KubeResponse>;
  query<T>(text: string, values?: unknown[]): Promise<T[]>;
}

/** A fresh app for the file, with helpers to act as people with tokens. */
export function useKubeApp(): KubeTestContext {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });
  const current = (): TestApp => {
    if (!app) throw new Error('the app starts in beforeAll');
    return app;
  };
  let people = 0;
  return {
    app: current,
    async person(roles, name) {
      people += 1;
      const label = name ?? `person-${people}`;
      const pool = current().database.db.pool;
      const { rows } = await pool.query<{ id: string }>(
        `insert into people (name, email) values ($1, $2) returning id`,
        [label, `${label}-${people}@example.com`],
      );
      const id = rows[0]?.id ?? '';
      for (const role of roles) {
        await pool.query(`insert into person_roles (person_id, role) values ($1, $2)`, [id, role]);
      }
      const tokens = createAccessTokenService(current().database.db);
      const issued = await tokens.issue({
        personId: id,
        name: 'test',
        ttlSeconds: 3600,
        createdBy: null,
      });
      return { id, token: issued.token };
    },
    async request(path, init = {}) {
      const headers: Record<string, string> = { accept: init.accept ?? 'application/json' };
      if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
      let body = init.rawBody;
      if (init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined) headers['content-type'] = init.contentType ?? 'application/json';
      const response = await fetch(`${current().baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, text, json: parseJson(text) };
    },
    async query<T>(text: string, values: unknown[] = []) {
      const result = await current().database.db.pool.query(text, values);
      const rows: unknown[] = result.rows;
      return rows.filter((row): row is T => typeof row === 'object' && row !== null);
    },
  };
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** Reads a nested field of a JSON value by path, e.g. at(obj, 'metadata', 'name'). */
export function at(value: unknown, ...path: Array<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = Object.entries(current).find(([k]) => k === String(key))?.[1];
  }
  return current;
}

/** Asserts a Kubernetes Status failure and returns its message. */
export function expectStatus(response: KubeResponse, code: number, reason: string): string {
  expect(response.status).toBe(code);
  expect(at(response.json, 'kind')).toBe('Status');
  expect(at(response.json, 'status')).toBe('Failure');
  expect(at(response.json, 'reason')).toBe(reason);
  expect(at(response.json, 'code')).toBe(code);
  const message = at(response.json, 'message');
  expect(typeof message).toBe('string');
  return typeof message === 'string' ? message : '';
}

export const canary = (name: string, spec: unknown, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name, ...extra },
  spec,
});

export const httpSpec = (url = 'https://example.com') => ({
  schedule: '@every 1m',
  http: [{ name: 'homepage', url }],
});
