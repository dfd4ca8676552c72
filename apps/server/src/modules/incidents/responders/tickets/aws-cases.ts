import { z } from 'zod';
import { lazyModule } from '../../../../platform/lazy-module.ts';
import type { OpenedConnection } from '../../../connections/index.ts';
import {
  propertyOf,
  responderClientConfig,
  TicketError,
  type TicketRead,
  type TicketRequest,
  type TicketState,
} from './ticket-client.ts';

// Loaded at the first AWS case: a server without AWS responders does not hold the SDK.
const sdk = lazyModule(() => import('@aws-sdk/client-support'));

/** `responder_clients.aws_support` / `aws_ams_services_request`: CreateCase's own options. */
export const awsCaseConfig = responderClientConfig.extend({
  serviceCode: z.string().min(1).optional(),
  severityCode: z.string().min(1).optional(),
  issueType: z.enum(['technical', 'customer-service']).optional(),
  language: z.string().min(2).optional(),
  ccEmailAddresses: z.array(z.string().email()).max(10).optional(),
});
export type AwsCaseConfig = z.infer<typeof awsCaseConfig>;

/** An aws connection: access key, secret key, region (Support lives in us-east-1), endpoint. */
async function supportClient(connection: OpenedConnection) {
  if (!connection.username || !connection.password) {
    throw new TicketError(`connection ${connection.name} has no access key and secret key`);
  }
  const { SupportClient } = await sdk();
  return new SupportClient({
    region: propertyOf(connection, 'region') ?? 'us-east-1',
    credentials: { accessKeyId: connection.username, secretAccessKey: connection.password },
    ...(connection.url ? { endpoint: connection.url } : {}),
    maxAttempts: 1,
  });
}

function awsError(error: unknown): TicketError {
  const name = error instanceof Error ? error.name : 'Error';
  const message = error instanceof Error ? error.message : String(error);
  return new TicketError(`AWS Support ${name}: ${message}`);
}

/** CreateCase: subject from description, communication from body, category code from category. */
export async function createAwsCase(
  request: TicketRequest<AwsCaseConfig>,
  defaultServiceCode?: string,
): Promise<{ externalId: string }> {
  const { CreateCaseCommand } = await sdk();
  const client = await supportClient(request.connection);
  const { config, fields } = request;
  const serviceCode = config.serviceCode ?? defaultServiceCode;
  try {
    const answer = await client.send(
      new CreateCaseCommand({
        subject: fields.description,
        communicationBody: fields.body,
        categoryCode: fields.category,
        ...(serviceCode ? { serviceCode } : {}),
        severityCode: config.severityCode ?? 'low',
        issueType: config.issueType ?? 'technical',
        language: config.language ?? 'en',
        ...(config.ccEmailAddresses ? { ccEmailAddresses: config.ccEmailAddresses } : {}),
      }),
      { abortSignal: request.signal },
    );
    if (!answer.caseId) throw new TicketError('AWS Support answered no caseId');
    return { externalId: answer.caseId };
  } catch (error) {
    throw error instanceof TicketError ? error : awsError(error);
  } finally {
    client.destroy();
  }
}

const working = new Set(['work-in-progress', 'pending-customer-action', 'resolved']);

/** DescribeCases with communications: status gives progress, communications the comments. */
export async function readAwsCase(request: TicketRead<AwsCaseConfig>): Promise<TicketState> {
  const { DescribeCasesCommand } = await sdk();
  const client = await supportClient(request.connection);
  try {
    const answer = await client.send(
      new DescribeCasesCommand({
        caseIdList: [request.externalId],
        includeCommunications: true,
        includeResolvedCases: true,
      }),
      { abortSignal: request.signal },
    );
    const found = answer.cases?.[0];
    const now = new Date();
    return {
      acknowledgedAt: found?.status && working.has(found.status) ? now : undefined,
      resolvedAt: found?.status === 'resolved' ? now : undefined,
      comments: (found?.recentCommunications?.communications ?? []).map((item) => ({
        externalId: `${item.timeCreated ?? ''}/${item.submittedBy ?? ''}`,
        author: item.submittedBy ?? 'AWS Support',
        body: item.body ?? '',
      })),
    };
  } catch (error) {
    throw awsError(error);
  } finally {
    client.destroy();
  }
}
