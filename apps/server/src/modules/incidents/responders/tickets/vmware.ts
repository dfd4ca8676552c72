import { z } from 'zod';
import { sendTicketMail } from './email.ts';
import {
  defineTicketClient,
  propertyOf,
  responderClientConfig,
  TicketError,
} from './ticket-client.ts';

const config = responderClientConfig.extend({
  /** The support mailbox (TAM, partner or Broadcom support); else the connection's `to`. */
  to: z.string().email().optional(),
});

/**
 * VMware (Broadcom) publishes no REST API for opening support requests: the portal is
 * interactive only. So a vmware responder mails the request through the team's SMTP
 * connection to its support mailbox; the Message-ID is the external id (docs/responders.md).
 */
export const vmwareTickets = defineTicketClient({
  type: 'vmware',
  config,
  async open({ connection, config: options, fields, incident, signal }) {
    const to = options.to ?? propertyOf(connection, 'to');
    if (!to) throw new TicketError(`the vmware responder has no support mailbox (to)`);
    const externalId = await sendTicketMail(
      connection,
      {
        to,
        subject: `[${fields.product ?? ''}] ${fields.category ?? ''}: ${fields.description ?? ''}`,
        text: `${fields.body ?? ''}\n\nIncident ${incident.incident_id}: ${incident.title}`,
      },
      signal,
    );
    return { externalId };
  },
});
