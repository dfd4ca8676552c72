import http from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConnectionResolver } from '../../src/modules/connections/connection-resolver.ts';
import { ticketConsumer } from '../../src/modules/incidents/responders/tickets.consumer.ts';
import {
  syncTickets,
  type TicketDeps,
} from '../../src/modules/incidents/responders/tickets.service.ts';
import { createSealer } from '../../src/platform/crypto.ts';
import { eventually } from '../health/health-harness.ts';
import { startEvents } from '../events/events-harness.ts';
import { startSmtpReceiver } from '../notifications/smtp-receiver.ts';
import { messageOf, useIncidentsApp } from './incidents-harness.ts';

const ctx = useIncidentsApp();
const idRow = z.object({ id: z.string() });
const received: { method: string; path: string; auth: string; body: unknown }[] = [];

/** A local Jira that records each request and answers as the REST API v2 does. */
const jira = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    received.push({
      method: request.method ?? '',
      path: request.url ?? '',
      auth: request.headers.authorization ?? '',
      body: text ? JSON.parse(text) : null,
    });
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && request.url === '/rest/api/2/issue') {
      response.statusCode = 201;
      response.end(JSON.stringify({ id: '10007', key: 'OPS-7' }));
      return;
    }
    response.end(
      JSON.stringify({
        fields: {
          status: { name: 'In Progress', statusCategory: { key: 'indeterminate' } },
          resolutiondate: null,
          comment: {
            comments: [{ id: '100', body: 'Looking into it', author: { displayName: 'Jane Ops' } }],
          },
        },
      }),
    );
  });
});
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let deps: TicketDeps;

beforeAll(async () => {
  await new Promise<void>((resolve) => jira.listen(0, '127.0.0.1', resolve));
  smtp = await startSmtpReceiver();
  const address = jira.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const db = ctx.app().database.db;
  await db.pool.query(
    `insert into connections (name, namespace, type, url, username, password) values
       ('jira', 'default', 'http', $1, 'bot', 'jira-token'),
       ('mail', 'default', 'email', $2, null, null)`,
    [`http://127.0.0.1:${port}`, `smtp://127.0.0.1:${smtp.port}`],
  );
  deps = {
    db,
    log: pino({ level: 'silent' }),
    connections: createConnectionResolver(db, createSealer('any-key-'.repeat(4))),
  };
});
afterAll(async () => {
  jira.closeAllConnections();
  await new Promise((resolve) => jira.close(resolve));
  await smtp.close();
});

async function team(): Promise<string> {
  const [row] = await ctx.query(
    idRow,
    `insert into teams (name, spec) values ($1, $2) returning id`,
    [
      `ops-${Date.now()}-${Math.random()}`,
      {
        responder_clients: {
          jira: { connection: 'connection://default/jira' },
          email: { connection: 'connection://default/mail' },
        },
      },
    ],
  );
  return row?.id ?? '';
}

const jiraFields = {
  configType: 'Jira::Issue',
  project: 'OPS',
  issueType: 'Incident',
  priority: 'High',
  summary: '{{ .incident.incident_id }}: {{ .incident.title }}',
  description: 'Severity {{ .incident.severity }}',
};

describe('team responders open tickets', () => {
  it('opens a Jira issue with the templated fields, then syncs its comments and progress', async () => {
    const { id } = await ctx.incident('Payments down');
    const teamId = await team();
    const answer = await ctx.as('responder', 'POST', '/api/db/responders', {
      incident_id: id,
      type: 'jira',
      team_id: teamId,
      properties: jiraFields,
    });
    expect(answer.status).toBe(201);
    const responderId = z.array(idRow).parse(answer.json)[0]?.id ?? '';
    const events = startEvents(deps.db, [ticketConsumer(deps)]);
    events.start();
    try {
      await eventually(async () => {
        const [row] = await ctx.query(
          z.object({ external_id: z.string().nullable() }),
          'select external_id from responders where id = $1',
          [responderId],
        );
        return row?.external_id ?? undefined;
      });
    } finally {
      await events.stop();
    }
    const [incident] = await ctx.query(
      z.object({ incident_id: z.string() }),
      'select incident_id from incidents where id = $1',
      [id],
    );
    expect(received[0]).toEqual({
      method: 'POST',
      path: '/rest/api/2/issue',
      auth: `Basic ${Buffer.from('bot:jira-token').toString('base64')}`,
      body: {
        fields: {
          project: { key: 'OPS' },
          issuetype: { name: 'Incident' },
          priority: { name: 'High' },
          summary: `${incident?.incident_id}: Payments down`,
          description: 'Severity high',
        },
      },
    });

    const signal = new AbortController().signal;
    await syncTickets(deps, signal);
    await syncTickets(deps, signal);
    expect(received.at(-1)?.path).toBe(
      '/rest/api/2/issue/OPS-7?fields=status,resolutiondate,comment',
    );
    const comments = await ctx.query(
      z.object({ comment: z.string(), external_created_by: z.string().nullable() }),
      'select comment, external_created_by from comments where responder_id = $1',
      [responderId],
    );
    expect(comments).toEqual([{ comment: 'Looking into it', external_created_by: 'Jane Ops' }]);
    expect(
      await ctx.count('incident_histories', `incident_id = $1 and type = 'responder.commented'`, [
        id,
      ]),
    ).toBe(1);
    expect(
      await ctx.count(
        'responders',
        'id = $1 and acknowledged_at is not null and resolved_at is null',
        [responderId],
      ),
    ).toBe(1);
  });

  it('mails an email responder by SMTP', async () => {
    const { id } = await ctx.incident('Disk full');
    const answer = await ctx.as('commander', 'POST', '/api/db/responders', {
      incident_id: id,
      type: 'email',
      team_id: await team(),
      properties: {
        to: 'oncall@example.com',
        subject: 'Help with {{ .incident.title }}',
        body: 'Please look',
      },
    });
    expect(answer.status).toBe(201);
    const events = startEvents(deps.db, [ticketConsumer(deps)]);
    events.start();
    try {
      await eventually(async () => smtp.mails[0]);
    } finally {
      await events.stop();
    }
    expect(smtp.mails[0]?.to).toEqual(['oncall@example.com']);
    expect(smtp.mails[0]?.data).toContain('Subject: Help with Disk full');
  });

  it.each([
    [
      'a type the team did not configure',
      { type: 'service_now', properties: { category: 'a', description: 'b', body: 'c' } },
      'type: the team has no service_now responder configured',
    ],
    [
      'an empty field',
      { type: 'jira', properties: { ...jiraFields, summary: ' ' } },
      'properties.summary: Please provide valid value',
    ],
  ])('refuses %s and writes nothing', async (_name, body, message) => {
    const { id } = await ctx.incident();
    const before = [await ctx.count('responders'), await ctx.count('event_queue')];
    const answer = await ctx.as('commander', 'POST', '/api/db/responders', {
      incident_id: id,
      team_id: await team(),
      ...body,
    });
    expect(answer.status).toBe(400);
    expect(messageOf(answer.json)).toBe(message);
    expect([await ctx.count('responders'), await ctx.count('event_queue')]).toEqual(before);
  });
});
