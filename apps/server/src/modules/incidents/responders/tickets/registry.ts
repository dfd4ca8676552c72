import { emailTickets } from './email.ts';
import { jiraTickets } from './jira.ts';
import { serviceNowTickets } from './service-now.ts';
import type { TicketClient } from './ticket-client.ts';

/** The responder types that open a ticket; the others are recorded for people to act on. */
const clients: readonly TicketClient[] = [jiraTickets, serviceNowTickets, emailTickets];

export function ticketClientOf(type: string): TicketClient | undefined {
  return clients.find((client) => client.type === type);
}
