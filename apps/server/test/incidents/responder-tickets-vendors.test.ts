import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  syncTickets,
  type TicketDeps,
} from '../../src/modules/incidents/responders/tickets.service.ts';
import { startSmtpReceiver } from '../notifications/smtp-receiver.ts';
import { useIncidentsApp } from './incidents-harness.ts';
import { startTicketFake, verifyOciSignature, type Answer, type Received } from './ticket-fakes.ts';
import {
  openResponder,
  responderTimes,
  seedConnections,
  seedTeam,
  syncedComments,
  ticketDeps,
} from './ticket-harness.ts';

const ctx = useIncidentsApp();
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();

/** What each vendor's documented API answers, by method and path. */
function vendorAnswer(request: Received): Answer {
  const route = `${request.method} ${request.path.split('?')[0]}`;
  const answers: Record<string, Answer> = {
    'POST /caisd-rest/rest_access': { status: 201, body: { rest_access: { access_key: 98765 } } },
    'POST /caisd-rest/in': {
      status: 201,
      body: { in: { '@id': '400001', '@COMMON_NAME': '1042' } },
    },
    'POST /sso/token': { body: { access_token: 'rh-access', token_type: 'Bearer' } },
    'POST /support/v1/cases': {
      status: 201,
      headers: { location: 'https://api.access.redhat.com/support/v1/cases/03981234' },
    },
    'GET /support/v1/cases/03981234': { body: { caseNumber: '03981234', status: 'Closed' } },
    'GET /support/v1/cases/03981234/comments': {
      body: [{ id: 'c-1', commentBody: 'Please attach a sosreport', createdBy: 'RH Support' }],
    },
    'POST /20181231/incidents': {
      body: { key: '3-1234567', ticket: { ticketNumber: '3-1234567' } },
    },
    'GET /20181231/incidents/3-1234567': {
      body: { key: '3-1234567', ticket: { lifecycleState: 'CLOSED' } },
    },
    'POST /t1/oauth2/v2.0/token': { body: { access_token: 'graph-token', token_type: 'Bearer' } },
    'POST /v1.0/planner/tasks': { status: 201, body: { id: 'task-1', planId: 'plan-1' } },
    'GET /v1.0/planner/tasks/task-1': {
      body: { id: 'task-1', percentComplete: 100, completedDateTime: '2026-11-28T01:00:00Z' },
    },
  };
  return answers[route] ?? { status: 404, body: { error: `no route ${route}` } };
}

let fake: Awaited<ReturnType<typeof startTicketFake>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let deps: TicketDeps;
let teamId: string;
const signal = new AbortController().signal;
const requests = (route: string) =>
  fake.received.filter((request) => `${request.method} ${request.path.split('?')[0]}` === route);

beforeAll(async () => {
  fake = await startTicketFake(vendorAnswer);
  smtp = await startSmtpReceiver();
  const db = ctx.app().database.db;
  await seedConnections(db, [
    { name: 'sdm', type: 'http', url: fake.url, username: 'sdm-bot', password: 'sdm-pass' },
    {
      name: 'rh',
      type: 'http',
      url: fake.url,
      password: 'rh-offline-token',
      properties: { tokenUrl: `${fake.url}/sso/token` },
    },
    {
      name: 'oci',
      type: 'http',
      url: fake.url,
      password: privatePem,
      properties: {
        tenancy: 'ocid1.tenancy.oc1..t',
        user: 'ocid1.user.oc1..u',
        fingerprint: 'aa:bb',
      },
    },
    {
      name: 'graph',
      type: 'azure',
      url: fake.url,
      username: 'client-id',
      password: 'client-secret',
      properties: { tenant: 't1', authority: fake.url },
    },
    { name: 'vmw-mail', type: 'email', url: `smtp://127.0.0.1:${smtp.port}` },
  ]);
  teamId = await seedTeam(ctx, {
    ca: { connection: 'connection://default/sdm', customer: 'ops.bot' },
    redhat: { connection: 'connection://default/rh', version: '9.4' },
    oracle: { connection: 'connection://default/oci', csi: '12345678', severity: 'HIGH' },
    ms_planner: { connection: 'connection://default/graph' },
    vmware: { connection: 'connection://default/vmw-mail', to: 'support@vmware.example' },
  });
  deps = ticketDeps(db);
});
afterAll(async () => {
  await fake.close();
  await smtp.close();
});
beforeEach(() => {
  fake.received.length = 0;
});

const templated = '{{ .incident.incident_id }}: {{ .incident.title }}';
const caseFields = {
  product: 'RHEL',
  category: 'Outage',
  description: templated,
  body: 'Severity {{ .incident.severity }}',
};

describe('team responders open tickets in each vendor system', () => {
  it('ca: a session key from rest_access (Basic), then the incident with X-AccessKey', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'ca', caseFields);
    expect(opened.externalId).toBe('1042');
    const [access] = requests('POST /caisd-rest/rest_access');
    expect(access?.headers.authorization).toBe(
      `Basic ${Buffer.from('sdm-bot:sdm-pass').toString('base64')}`,
    );
    const [created] = requests('POST /caisd-rest/in');
    expect(created?.headers['x-accesskey']).toBe('98765');
    expect(created?.headers.authorization).toBeUndefined();
    expect(created?.json()).toEqual({
      in: {
        customer: { '@COMMON_NAME': 'ops.bot' },
        category: { '@COMMON_NAME': 'Outage' },
        summary: `${opened.displayId}: Payments down`,
        description: 'Severity high',
      },
    });
  });

  it('redhat: an offline token exchanged at the SSO, then POST /support/v1/cases; comments sync', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'redhat', caseFields);
    expect(opened.externalId).toBe('03981234');
    const [token] = requests('POST /sso/token');
    expect(Object.fromEntries(new URLSearchParams(token?.text))).toEqual({
      grant_type: 'refresh_token',
      client_id: 'rhsm-api',
      refresh_token: 'rh-offline-token',
    });
    const [created] = requests('POST /support/v1/cases');
    expect(created?.headers.authorization).toBe('Bearer rh-access');
    expect(created?.json()).toEqual({
      product: 'RHEL',
      version: '9.4',
      caseType: 'Outage',
      summary: `${opened.displayId}: Payments down`,
      description: 'Severity high',
    });
    await syncTickets(deps, signal);
    await syncTickets(deps, signal);
    expect(await syncedComments(ctx, opened.responderId)).toEqual([
      { comment: 'Please attach a sosreport', external_created_by: 'RH Support' },
    ]);
    expect(await responderTimes(ctx, opened.responderId)).toEqual({
      acknowledged: true,
      resolved: false,
      closed: true,
    });
  });

  it('oracle: POST /20181231/incidents signed with the API key; lifecycle syncs', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'oracle', caseFields);
    expect(opened.externalId).toBe('3-1234567');
    const [created] = requests('POST /20181231/incidents');
    if (!created) throw new Error('no incident request');
    expect(verifyOciSignature(created, publicPem)).toBe(
      'ocid1.tenancy.oc1..t/ocid1.user.oc1..u/aa:bb',
    );
    expect(created.json()).toEqual({
      compartmentId: 'ocid1.tenancy.oc1..t',
      csi: '12345678',
      problemType: 'TECH',
      ticket: {
        severity: 'HIGH',
        title: `${opened.displayId}: Payments down`,
        description: 'Severity high',
        resourceList: [{ item: { type: 'tech', name: 'RHEL', category: { name: 'Outage' } } }],
      },
    });
    await syncTickets(deps, signal);
    const [read] = requests('GET /20181231/incidents/3-1234567');
    expect(read?.path).toBe('/20181231/incidents/3-1234567?compartmentId=ocid1.tenancy.oc1..t');
    if (read) expect(verifyOciSignature(read, publicPem)).toContain('aa:bb');
    expect((await responderTimes(ctx, opened.responderId))?.closed).toBe(true);
  });

  it('ms_planner: a client-credentials token, then POST /v1.0/planner/tasks; completion syncs', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'ms_planner', {
      plan_id: 'plan-1',
      bucket_id: 'bucket-1',
      priority: 'important',
      title: templated,
      description: 'Severity {{ .incident.severity }}',
    });
    expect(opened.externalId).toBe('task-1');
    const [token] = requests('POST /t1/oauth2/v2.0/token');
    expect(Object.fromEntries(new URLSearchParams(token?.text))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'client-id',
      client_secret: 'client-secret',
      scope: `${fake.url}/.default`,
    });
    const [created] = requests('POST /v1.0/planner/tasks');
    expect(created?.headers.authorization).toBe('Bearer graph-token');
    expect(created?.json()).toEqual({
      planId: 'plan-1',
      bucketId: 'bucket-1',
      title: `${opened.displayId}: Payments down`,
      priority: 3,
      details: { description: 'Severity high', previewType: 'description' },
    });
    await syncTickets(deps, signal);
    expect(await responderTimes(ctx, opened.responderId)).toEqual({
      acknowledged: true,
      resolved: true,
      closed: false,
    });
  });

  it('vmware: no public API, so the request is mailed to the support mailbox', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'vmware', {
      ...caseFields,
      product: 'vSphere',
    });
    expect(opened.externalId).toMatch(/^<.+>$/);
    const mail = smtp.mails.at(-1);
    expect(mail?.to).toEqual(['support@vmware.example']);
    expect(mail?.data).toContain(`Subject: [vSphere] Outage: ${opened.displayId}: Payments down`);
    expect(fake.received).toEqual([]);
  });

  it('keeps the ticket unopened when the team entry is invalid, naming the field', async () => {
    const badTeam = await seedTeam(ctx, {
      oracle: { connection: 'connection://default/oci', severity: 'SOON' },
    });
    await expect(openResponder(ctx, deps, badTeam, 'oracle', caseFields)).rejects.toThrow(
      /spec\.responder_clients\.oracle: severity/,
    );
    expect(fake.received).toEqual([]);
  });
});
