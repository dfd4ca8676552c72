import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  syncTickets,
  type TicketDeps,
} from '../../src/modules/incidents/responders/tickets.service.ts';
import { useIncidentsApp } from './incidents-harness.ts';
import { startTicketFake, verifySigV4, type Received } from './ticket-fakes.ts';
import {
  openResponder,
  responderTimes,
  seedConnections,
  seedTeam,
  syncedComments,
  ticketDeps,
} from './ticket-harness.ts';

const ctx = useIncidentsApp();
const target = (request: Received) => String(request.headers['x-amz-target'] ?? '');

/** A local AWS Support endpoint (JSON 1.1 protocol), as CreateCase and DescribeCases answer. */
let fake: Awaited<ReturnType<typeof startTicketFake>>;
let deps: TicketDeps;
let teamId: string;

beforeAll(async () => {
  fake = await startTicketFake((request) => {
    const headers = { 'content-type': 'application/x-amz-json-1.1' };
    if (target(request) === 'AWSSupport_20130415.CreateCase') {
      return { headers, body: { caseId: 'case-123456789012-muen-2026-abc' } };
    }
    if (target(request) === 'AWSSupport_20130415.DescribeCases') {
      return {
        headers,
        body: {
          cases: [
            {
              caseId: 'case-123456789012-muen-2026-abc',
              status: 'work-in-progress',
              recentCommunications: {
                communications: [
                  {
                    body: 'We are on it',
                    submittedBy: 'AWS Support',
                    timeCreated: '2026-11-28T01:00:00Z',
                  },
                ],
              },
            },
          ],
        },
      };
    }
    return { status: 400, headers, body: { __type: 'UnknownOperationException' } };
  });
  const db = ctx.app().database.db;
  await seedConnections(db, [
    {
      name: 'aws',
      type: 'aws',
      url: fake.url,
      username: 'AKIDEXAMPLE',
      password: 'aws-secret-key',
      properties: { region: 'us-east-1' },
    },
  ]);
  teamId = await seedTeam(ctx, {
    aws_support: {
      connection: 'connection://default/aws',
      serviceCode: 'amazon-ec2',
      severityCode: 'urgent',
    },
    aws_ams_services_request: { connection: 'connection://default/aws' },
  });
  deps = ticketDeps(db);
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.received.length = 0;
});

const fields = {
  category: 'instance-issue',
  description: '{{ .incident.incident_id }}: {{ .incident.title }}',
  body: 'Severity {{ .incident.severity }}',
};

describe('AWS responders open support cases through @aws-sdk/client-support', () => {
  it('aws_support: a SigV4-signed CreateCase with the templated fields; DescribeCases syncs', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'aws_support', fields);
    expect(opened.externalId).toBe('case-123456789012-muen-2026-abc');
    const [created] = fake.received;
    if (!created) throw new Error('no CreateCase request');
    expect([created.method, created.path, target(created)]).toEqual([
      'POST',
      '/',
      'AWSSupport_20130415.CreateCase',
    ]);
    expect(verifySigV4(created, 'aws-secret-key')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/us-east-1\/support\/aws4_request$/,
    );
    expect(created.json()).toEqual({
      subject: `${opened.displayId}: Payments down`,
      communicationBody: 'Severity high',
      categoryCode: 'instance-issue',
      serviceCode: 'amazon-ec2',
      severityCode: 'urgent',
      issueType: 'technical',
      language: 'en',
    });
    await syncTickets(deps, new AbortController().signal);
    const described = fake.received.find((request) => target(request).endsWith('DescribeCases'));
    if (!described) throw new Error('no DescribeCases request');
    verifySigV4(described, 'aws-secret-key');
    expect(described.json()).toEqual({
      caseIdList: ['case-123456789012-muen-2026-abc'],
      includeCommunications: true,
      includeResolvedCases: true,
    });
    expect(await syncedComments(ctx, opened.responderId)).toEqual([
      { comment: 'We are on it', external_created_by: 'AWS Support' },
    ]);
    expect((await responderTimes(ctx, opened.responderId))?.acknowledged).toBe(true);
  });

  it('aws_ams_services_request: CreateCase with the AMS service-request service code', async () => {
    const opened = await openResponder(ctx, deps, teamId, 'aws_ams_services_request', fields);
    expect(opened.externalId).toBe('case-123456789012-muen-2026-abc');
    const [created] = fake.received;
    if (!created) throw new Error('no CreateCase request');
    verifySigV4(created, 'aws-secret-key');
    expect(created.json()).toMatchObject({
      serviceCode: 'service-ams-operations-service-request',
      categoryCode: 'instance-issue',
      subject: `${opened.displayId}: Payments down`,
    });
  });

  it('refuses a signature made with another secret (the fake checks for real)', async () => {
    await openResponder(ctx, deps, teamId, 'aws_support', fields);
    const [created] = fake.received;
    if (!created) throw new Error('no CreateCase request');
    expect(() => verifySigV4(created, 'wrong-secret')).toThrow('SigV4 signature does not match');
  });
});
