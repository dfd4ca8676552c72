import { z } from 'zod';
import type { OpenedConnection } from '../../../connections/index.ts';
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

const id = z.union([z.string(), z.number()]).transform(String);
const access = z.object({
  rest_access: z.looseObject({ '@id': id.optional(), access_key: id }),
});
const created = z.object({
  in: z.looseObject({ '@id': id, '@COMMON_NAME': z.string() }),
});
const named = z.looseObject({ '@REL_ATTR': id.optional(), '@COMMON_NAME': z.string().optional() });
/** SDM's JSON is converted XML: a collection of one holds an object, not an array. */
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([z.array(item), item.transform((value) => [value])]).optional();
const request = z.looseObject({
  '@id': id,
  status: named.optional(),
  resolve_date: id.nullish(),
  close_date: id.nullish(),
});
const requests = z.object({ collection_in: z.looseObject({ in: oneOrMany(request) }) });
const logs = z.object({
  collection_alg: z.looseObject({
    alg: oneOrMany(
      z.looseObject({
        '@id': id,
        description: z.string().nullish(),
        analyst: named.optional(),
        internal: id.optional(),
      }),
    ),
  }),
});

/** Status codes (crs.code) that resolve or close a request; any other but OP acknowledges. */
const resolvedStatuses = new Set(['RE', 'CL']);
const closedStatuses = new Set(['CL', 'CNCL']);

/** SDM REST dates are epoch seconds. */
function dateOf(value: string | null | undefined): Date | undefined {
  const seconds = Number(value);
  return value && Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

/**
 * Runs `work` with a session key from POST /caisd-rest/rest_access (the connection's Basic
 * auth), then deletes the key (logout). Deleting needs admin function access, so a refusal is
 * ignored: the key then lapses at its expiration_date.
 */
async function withAccessKey<T>(
  base: string,
  connection: OpenedConnection,
  signal: AbortSignal,
  work: (key: string) => Promise<T>,
): Promise<T> {
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
  const { '@id': sessionId, access_key: key } = session.data.rest_access;
  try {
    return await work(key);
  } finally {
    if (sessionId !== undefined) {
      await httpCall(`${base}/rest_access/${encodeURIComponent(sessionId)}`, {
        method: 'DELETE',
        headers: { 'x-accesskey': key },
        signal,
      }).catch(() => undefined);
    }
  }
}

/**
 * CA Service Desk Manager (Broadcom Service Management) REST: a session key from
 * POST /caisd-rest/rest_access (Basic auth), then POST /caisd-rest/in with X-AccessKey; read
 * back by ref_num (GET /caisd-rest/in?WC=) with the request's LOG activities (alg).
 */
export const caTickets = defineTicketClient({
  type: 'ca',
  config,
  async open({ connection, config: options, fields, signal }) {
    const base = `${baseUrl(connection)}/caisd-rest`;
    const customer = options.customer ?? connection.username;
    const answer = await withAccessKey(base, connection, signal, (key) =>
      httpCall(`${base}/in`, {
        method: 'POST',
        headers: { 'x-accesskey': key, 'x-obj-attrs': 'ref_num' },
        signal,
        body: {
          in: {
            ...(customer ? { customer: { '@COMMON_NAME': customer } } : {}),
            category: { '@COMMON_NAME': fields.category },
            summary: fields.description,
            description: fields.body,
          },
        },
      }),
    );
    // @COMMON_NAME of an incident is its ref_num, the number people quote.
    return { externalId: created.parse(answer.body).in['@COMMON_NAME'] };
  },
  async read({ connection, externalId, signal }) {
    const base = `${baseUrl(connection)}/caisd-rest`;
    const { found, activities } = await withAccessKey(base, connection, signal, async (key) => {
      const get = async (path: string, where: string, attrs: string) =>
        (
          await httpCall(`${base}/${path}?${new URLSearchParams({ WC: where }).toString()}`, {
            method: 'GET',
            headers: { 'x-accesskey': key, 'x-obj-attrs': attrs },
            signal,
          })
        ).body;
      const quoted = externalId.replaceAll("'", "''");
      const request = requests.parse(
        await get('in', `ref_num='${quoted}'`, 'status, resolve_date, close_date'),
      ).collection_in.in?.[0];
      if (!request) throw new TicketError(`CA Service Desk has no incident ${externalId}`);
      const where = `call_req_id='cr:${request['@id']}' AND type='LOG'`;
      const log = logs.parse(await get('alg', where, 'description, analyst, internal'));
      return { found: request, activities: log.collection_alg.alg ?? [] };
    });
    const status = found.status?.['@REL_ATTR'] ?? 'OP';
    const now = new Date();
    return {
      acknowledgedAt: status === 'OP' ? undefined : now,
      resolvedAt: dateOf(found.resolve_date) ?? (resolvedStatuses.has(status) ? now : undefined),
      closedAt: dateOf(found.close_date) ?? (closedStatuses.has(status) ? now : undefined),
      comments: activities
        .filter((activity) => activity.internal !== '1')
        .map((activity) => ({
          externalId: activity['@id'],
          author: activity.analyst?.['@COMMON_NAME'] ?? 'CA Service Desk',
          body: activity.description ?? '',
        })),
    };
  },
});
