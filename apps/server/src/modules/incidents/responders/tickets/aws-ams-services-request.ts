import { awsCaseConfig, createAwsCase, readAwsCase } from './aws-cases.ts';
import { defineTicketClient } from './ticket-client.ts';

/**
 * AWS Managed Services service requests: AMS documents filing them through the AWS Support
 * API's CreateCase with this service code (there is no separate AMS service-request API).
 */
export const amsServiceCode = 'service-ams-operations-service-request';

export const awsAmsServicesRequestTickets = defineTicketClient({
  type: 'aws_ams_services_request',
  config: awsCaseConfig,
  open: (request) => createAwsCase(request, amsServiceCode),
  read: readAwsCase,
});
