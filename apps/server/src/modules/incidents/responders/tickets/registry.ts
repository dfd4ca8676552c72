import { awsAmsServicesRequestTickets } from './aws-ams-services-request.ts';
import { awsSupportTickets } from './aws-support.ts';
import { caTickets } from './ca.ts';
import { emailTickets } from './email.ts';
import { jiraTickets } from './jira.ts';
import { msPlannerTickets } from './ms-planner.ts';
import { oracleTickets } from './oracle.ts';
import { redhatTickets } from './redhat.ts';
import { serviceNowTickets } from './service-now.ts';
import type { TicketClient } from './ticket-client.ts';
import { vmwareTickets } from './vmware.ts';

/** Every team responder type (spec 002 §3) and the system its ticket is opened in. */
const clients: readonly TicketClient[] = [
  emailTickets,
  jiraTickets,
  serviceNowTickets,
  caTickets,
  awsSupportTickets,
  awsAmsServicesRequestTickets,
  redhatTickets,
  oracleTickets,
  vmwareTickets,
  msPlannerTickets,
];

export function ticketClientOf(type: string): TicketClient | undefined {
  return clients.find((client) => client.type === type);
}

/** The types whose tickets can be read back for progress and comments. */
export function readableTicketTypes(): string[] {
  return clients.filter((client) => client.read !== undefined).map((client) => client.type);
}
