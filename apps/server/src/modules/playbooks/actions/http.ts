import { z } from 'zod';
import { ActionFailed, defineActionType, mask } from './action-type.ts';

const maxBody = 1 << 20;

const valueOrRef = z.union([z.string(), z.object({ value: z.string().optional() }).loose()]);

const httpSchema = z
  .object({
    url: z.string().optional(),
    connection: z.string().optional(),
    method: z.string().optional(),
    body: z.string().optional(),
    templateBody: z.boolean().optional(),
    headers: z
      .array(z.object({ name: z.string().min(1), value: z.string().optional() }).loose())
      .optional(),
    username: valueOrRef.optional(),
    password: valueOrRef.optional(),
  })
  .loose()
  .refine((http) => Boolean(http.url || http.connection), {
    message: 'url or connection is required',
    path: ['url'],
  });
type HttpConfig = z.infer<typeof httpSchema>;

const text = (value: HttpConfig['username']): string | undefined =>
  typeof value === 'string' ? value : value?.value;

/**
 * http: a real request. A connection's credentials go only to that connection's own endpoint
 * (the resolver refuses another url unless the playbook's author may use any connection).
 */
export const httpAction = defineActionType<HttpConfig>({
  kind: 'http',
  schema: httpSchema,
  verbatim: ['body'],
  async run(config, context) {
    const connection = config.connection
      ? await context.connections(config.connection, {
          endpoint: config.url || undefined,
          approved: context.connectionsApproved,
        })
      : undefined;
    const url = config.url || connection?.url;
    if (!url) throw new ActionFailed('http: url is required');
    const headers = new Headers();
    for (const header of config.headers ?? []) headers.set(header.name, header.value ?? '');
    const username = connection?.username ?? text(config.username);
    const password = connection?.password ?? text(config.password);
    if (username && !headers.has('authorization')) {
      const basic = Buffer.from(`${username}:${password ?? ''}`).toString('base64');
      headers.set('authorization', `Basic ${basic}`);
    }
    const method = (config.method ?? 'GET').toUpperCase();
    const response = await fetch(url, {
      method,
      headers,
      ...(config.body !== undefined && method !== 'GET' && method !== 'HEAD'
        ? { body: config.templateBody ? context.render(config.body) : config.body }
        : {}),
      signal: context.signal,
      redirect: 'manual',
    });
    const raw = await response.text();
    const body = mask(raw.slice(0, maxBody), context.secrets);
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      json = undefined;
    }
    const result = {
      code: response.status,
      headers: Object.fromEntries(response.headers),
      content: body,
      ...(json === undefined ? {} : { json }),
    };
    if (response.status >= 400) {
      throw new ActionFailed(`http: ${method} ${url} answered ${response.status}`, result);
    }
    return result;
  },
});
