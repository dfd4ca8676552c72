import { awsCaseConfig, createAwsCase, readAwsCase } from './aws-cases.ts';
import { defineTicketClient } from './ticket-client.ts';

/** AWS Support API CreateCase / DescribeCases through @aws-sdk/client-support (SigV4). */
export const awsSupportTickets = defineTicketClient({
  type: 'aws_support',
  config: awsCaseConfig,
  open: (request) => createAwsCase(request),
  read: readAwsCase,
});
