import { randomUUID } from 'node:crypto';
import { request } from '@playwright/test';
import { expect } from './fixtures.ts';

export interface PushedStatus {
  time: string;
  duration: number;
  status: boolean;
  message: string;
  error?: string;
}

export interface PushedCheck {
  canary: string;
  namespace: string;
  name: string;
  url: string;
}

/** One failed result, now. */
export const refusedNow = (): PushedStatus => ({
  time: new Date().toISOString(),
  duration: 12,
  status: false,
  message: 'refused',
  error: 'connection refused',
});

/**
 * What `vigil agent` does: a heartbeat, then one canary with one HTTP check and its results.
 * Answers the check's id.
 */
export async function pushAsAgent(
  baseURL: string,
  token: string,
  check: PushedCheck,
  statuses: PushedStatus[],
): Promise<string> {
  const agent = await request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  try {
    const beat = await agent.post('/api/agent/heartbeat', { data: {} });
    expect(beat.status(), await beat.text()).toBe(200);
    const canaryId = randomUUID();
    const checkId = randomUUID();
    const pushed = await agent.post('/api/agent/push', {
      data: {
        canaries: [
          {
            id: canaryId,
            name: check.canary,
            namespace: check.namespace,
            spec: { http: [{ name: check.name, url: check.url }] },
            labels: {},
          },
        ],
        checks: [{ id: checkId, canary_id: canaryId, type: 'http', name: check.name, labels: {} }],
        check_statuses: statuses.map((status) => ({ check_id: checkId, ...status })),
      },
    });
    expect(pushed.status(), await pushed.text()).toBe(200);
    return checkId;
  } finally {
    await agent.dispose();
  }
}
