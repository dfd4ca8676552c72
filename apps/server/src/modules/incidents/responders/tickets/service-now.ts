import { z } from 'zod';
import {
  baseUrl,
  basicAuth,
  defineTicketClient,
  jsonCall,
  responderClientConfig,
} from './ticket-client.ts';

const created = z.object({
  result: z.object({ sys_id: z.string(), number: z.string().optional() }),
});

/** ServiceNow Table API: POST /api/now/table/incident. */
export const serviceNowTickets = defineTicketClient({
  type: 'service_now',
  config: responderClientConfig,
  async open({ connection, fields, incident, signal }) {
    const answer = await jsonCall(`${baseUrl(connection)}/api/now/table/incident`, {
      method: 'POST',
      headers: basicAuth(connection),
      signal,
      body: {
        category: fields.category,
        short_description: fields.description,
        description: fields.body,
        correlation_id: incident.incident_id,
      },
    });
    const { result } = created.parse(answer);
    return { externalId: result.number ?? result.sys_id };
  },
});
