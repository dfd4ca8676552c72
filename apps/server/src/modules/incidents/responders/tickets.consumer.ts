import type { PlainConsumer } from '../../events/index.ts';
import { openTicket, type TicketDeps } from './tickets.service.ts';

/** Queued in the transaction that adds a team responder. */
export const responderCreatedEvent = 'incident.responder.created';

/** Opens external tickets outside the write's transaction, with the queue's retries. */
export function ticketConsumer(deps: TicketDeps): PlainConsumer {
  return {
    name: 'incident responder tickets',
    events: [responderCreatedEvent],
    timeoutMs: 30_000,
    async handle(event, { signal }) {
      const id = event.properties.responder_id;
      if (typeof id === 'string') await openTicket(deps, id, signal);
    },
  };
}
