import { z } from 'zod';
import {
  baseUrl,
  basicAuth,
  defineTicketClient,
  httpCall,
  responderClientConfig,
  TicketError,
} from './ticket-client.ts';

const config = responderClientConfig.extend({
  /** The end user the incident is raised for; the connection's user when absent. */
  customer: z.string().min(1).optional(),
});

const access = z.object({
  rest_access: z.looseObject({ access_key: z.union([z.string(), z.number()]) }),
});
const created = z.object({
  in: z.looseObject({ '@id': z.union([z.string(), z.number()]), '@COMMON_NAME': z.string() }),
});

/**
 * CA Service Desk Manager (Broadcom Service Management) REST: a session key from
 * POST /caisd-rest/rest_access (Basic auth), then POST /caisd-rest/in with X-AccessKey.
 */
export const caTickets = defineTicketClient({
  type: 'ca',
  config,
  async open({ connection, config: options, fields, signal }) {
    const base = `${baseUrl(connection)}/caisd-rest`;
    const session = access.safeParse(
      (
        await httpCall(`${base}/rest_access`, {
          method: 'POST',
          headers: basicAuth(connection),
          body: { rest_access: {} },
          signal,
        })
      ).body,
    );
    if (!session.success) throw new TicketError('CA Service Desk answered no access_key');
    const customer = options.customer ?? connection.username;
    const answer = await httpCall(`${base}/in`, {
      method: 'POST',
      headers: {
        'x-accesskey': String(session.data.rest_access.access_key),
        'x-obj-attrs': 'ref_num',
      },
      signal,
      body: {
        in: {
          ...(customer ? { customer: { '@COMMON_NAME': customer } } : {}),
          category: { '@COMMON_NAME': fields.category },
          summary: fields.description,
          description: fields.body,
        },
      },
    });
    // @COMMON_NAME of an incident is its ref_num, the number people quote.
    return { externalId: created.parse(answer.body).in['@COMMON_NAME'] };
  },
});
