import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openLogStreams } from '../../src/modules/playbooks/runs/log-stream.ts';
import { at, useKubeApp } from '../kube-api/helpers.ts';

const kube = useKubeApp();
let admin: { id: string; token: string };
let viewer: { id: string; token: string };

interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/**
 * Reads server-sent events over a connection of its own (no pool keeping sockets open) until
 * `until` says stop; answers them and `close`, which drops the connection as a tab would.
 */
async function readStream(
  runId: string,
  token: string,
  until: (events: SseEvent[]) => boolean,
  onEvent: (event: SseEvent) => Promise<void> = async () => undefined,
) {
  const url = `${kube.app().baseUrl}/api/playbook/run/${runId}/logs/stream`;
  const request = http.get(url, {
    agent: false,
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/event-stream');
  response.setEncoding('utf8');
  const events: SseEvent[] = [];
  let buffer = '';
  // Not `for await`: leaving that loop would destroy the response before the test means to.
  const chunks = response[Symbol.asyncIterator]();
  while (!until(events)) {
    const next = await chunks.next();
    if (next.done === true) break;
    buffer += String(next.value);
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (!name || !data) continue;
      const event = {
        event: name,
        data: z.record(z.string(), z.unknown()).parse(JSON.parse(data)),
      };
      events.push(event);
      await onEvent(event);
    }
  }
  return { events, close: () => request.destroy() };
}

async function startRun(script: string, params: Record<string, string> = {}) {
  const name = `stream-${Math.random().toString(36).slice(2, 8)}`;
  const created = await kube.request('/api/db/playbooks', {
    method: 'POST',
    token: admin.token,
    body: {
      name,
      spec: {
        parameters: [{ name: 'token', type: 'secret' }],
        actions: [{ name: 'talk', exec: { script } }],
      },
    },
  });
  expect(created.status).toBe(201);
  const [row] = await kube.query<{ id: string }>('select id from playbooks where name = $1', [
    name,
  ]);
  const id = row?.id ?? '';
  const run = await kube.request('/api/playbook/run', {
    method: 'POST',
    token: admin.token,
    body: { id, params },
  });
  expect(run.status, run.text).toBe(201);
  return String(at(run.json, 'run_id'));
}

beforeAll(async () => {
  admin = await kube.person(['admin'], 'stream-admin');
  viewer = await kube.person(['viewer'], 'stream-viewer');
  kube
    .app()
    .api.workers.find((worker) => worker.name === 'playbook run engine')
    ?.start();
});

describe('live run logs', () => {
  it('streams output while the action runs, masked, then ends', async () => {
    const runId = await startRun(
      'for i in 1 2 3; do echo "line-$i {{.params.token}}"; sleep 0.6; done; echo oops >&2',
      { token: 'sup3r-s3cret-value' },
    );
    const statusesAtOutput: string[] = [];
    const { events, close } = await readStream(
      runId,
      viewer.token,
      (seen) => seen.some((e) => e.event === 'end'),
      async (event) => {
        if (event.event !== 'output') return;
        const [row] = await kube.query<{ status: string }>(
          'select status from playbook_runs where id = $1',
          [runId],
        );
        statusesAtOutput.push(row?.status ?? '');
      },
    );
    close();
    const text = events
      .filter((e) => e.event === 'output')
      .map((e) => String(e.data.text))
      .join('');
    expect(text).toBe('line-1 ***\nline-2 ***\nline-3 ***\noops\n');
    expect(statusesAtOutput[0]).toBe('running');
    expect(events.filter((e) => e.event === 'output').length).toBeGreaterThan(1);
    expect(events.map((e) => e.event)).toContain('action');
    expect(events.at(-1)).toMatchObject({ event: 'end', data: { status: 'completed' } });
    expect(JSON.stringify(events)).not.toContain('sup3r-s3cret-value');
  });

  it('refuses anonymous callers and unknown runs', async () => {
    const runId = await startRun('echo hi');
    const anonymous = await fetch(`${kube.app().baseUrl}/api/playbook/run/${runId}/logs/stream`);
    expect(anonymous.status).toBe(401);
    await anonymous.body?.cancel();
    const unknown = await kube.request(
      '/api/playbook/run/0190c2a0-0000-7000-8000-000000000009/logs/stream',
      { token: viewer.token },
    );
    expect(unknown.status).toBe(404);
    const bad = await kube.request('/api/playbook/run/nope/logs/stream', { token: viewer.token });
    expect(bad.status).toBe(400);
  });

  it('ends the stream when the client goes away', async () => {
    const runId = await startRun('echo started; sleep 30');
    const { close } = await readStream(runId, viewer.token, (seen) =>
      seen.some((e) => e.event === 'output'),
    );
    expect(openLogStreams()).toBe(1);
    close();
    const until = Date.now() + 3000;
    while (openLogStreams() > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(openLogStreams()).toBe(0);
  });
});
