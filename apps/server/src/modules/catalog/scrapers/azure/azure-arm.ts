import { ClientSecretCredential } from '@azure/identity';
import {
  bearerTokenAuthenticationPolicy,
  createDefaultHttpClient,
  createPipelineFromOptions,
  createPipelineRequest,
  type HttpClient,
  type Pipeline,
} from '@azure/core-rest-pipeline';
import { z } from 'zod';

/** Public-cloud endpoints; a connection's url and `authorityHost` property replace them. */
export const defaultArmEndpoint = 'https://management.azure.com';
export const defaultAuthorityHost = 'https://login.microsoftonline.com';

/** Where and as whom the scraper signs in; the secret goes only to `authorityHost`. */
export interface ArmCredentials {
  readonly tenantId: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly armEndpoint: string;
  readonly authorityHost: string;
  /** PEM of the CA that signs both endpoints, when they are not publicly trusted. */
  readonly ca?: string | undefined;
}

/** One page of an ARM list: `value` and an optional `nextLink`. */
const page = z.object({ value: z.array(z.unknown()), nextLink: z.string().nullish() }).loose();

export interface ArmClient {
  readonly endpoint: string;
  /** Every element of a list, following `nextLink` pages on the ARM endpoint only. */
  list<T extends z.ZodType>(
    path: string,
    query: Record<string, string>,
    item: T,
  ): Promise<Array<z.infer<T>>>;
}

/**
 * An ARM REST client through the Azure SDK's own pipeline: a service-principal token from
 * `@azure/identity`, sent as a bearer token with retries, TLS trust and the run's abort signal.
 */
export function armClient(credentials: ArmCredentials, signal: AbortSignal): ArmClient {
  const endpoint = new URL(credentials.armEndpoint);
  const tlsOptions = credentials.ca ? { ca: credentials.ca } : undefined;
  const retryOptions = { maxRetries: 2, retryDelayInMs: 300, maxRetryDelayInMs: 2000 };
  const credential = new ClientSecretCredential(
    credentials.tenantId,
    credentials.clientId,
    credentials.clientSecret,
    {
      authorityHost: credentials.authorityHost,
      // Instance discovery asks login.microsoftonline.com about the authority: never elsewhere.
      disableInstanceDiscovery: true,
      retryOptions,
      ...(tlsOptions ? { tlsOptions } : {}),
    },
  );
  const pipeline = createPipelineFromOptions({
    retryOptions,
    ...(tlsOptions ? { tlsOptions } : {}),
  });
  pipeline.addPolicy(
    bearerTokenAuthenticationPolicy({ credential, scopes: `${endpoint.origin}/.default` }),
  );
  const client = createDefaultHttpClient();
  return {
    endpoint: endpoint.origin,
    async list(path, query, item) {
      const first = new URL(`${endpoint.origin}${path}`);
      for (const [key, value] of Object.entries(query)) first.searchParams.set(key, value);
      const items: Array<z.infer<typeof item>> = [];
      let next: URL | undefined = first;
      while (next) {
        const answer = await getPage(pipeline, client, next, signal, credentials.authorityHost);
        for (const [index, raw] of answer.value.entries()) {
          items.push(parseItem(next, index, raw, item));
        }
        next = answer.nextLink ? nextPage(endpoint, answer.nextLink) : undefined;
      }
      return items;
    },
  };
}

/** @azure/identity's errors: the token, not ARM, failed. */
const signInErrors = new Set([
  'AuthenticationError',
  'AuthenticationRequiredError',
  'AggregateAuthenticationError',
  'CredentialUnavailableError',
]);

function shown(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/** A `nextLink` on another origin would receive the bearer token: refused. */
function nextPage(endpoint: URL, link: string): URL {
  const url = URL.canParse(link) ? new URL(link) : undefined;
  if (!url || url.origin !== endpoint.origin) {
    throw new Error(`azure: a nextLink points away from ${endpoint.origin}; not followed`);
  }
  return url;
}

async function getPage(
  pipeline: Pipeline,
  client: HttpClient,
  url: URL,
  signal: AbortSignal,
  authorityHost: string,
): Promise<z.infer<typeof page>> {
  const request = createPipelineRequest({
    url: url.toString(),
    method: 'GET',
    abortSignal: signal,
  });
  request.headers.set('accept', 'application/json');
  let text: string;
  let status: number;
  try {
    const response = await pipeline.sendRequest(client, request);
    text = response.bodyAsText ?? '';
    status = response.status;
  } catch (error) {
    if (signal.aborted) throw error;
    const reason = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    if (error instanceof Error && signInErrors.has(error.name)) {
      throw new Error(`azure: could not sign in at ${authorityHost}: ${reason}`, { cause: error });
    }
    throw new Error(`azure: ${shown(url)} failed: ${reason}`, { cause: error });
  }
  if (status < 200 || status > 299) {
    throw new Error(`azure: ${shown(url)} answered ${status}${armErrorCode(text)}`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw new Error(`azure: ${shown(url)} answered malformed JSON`, { cause: error });
  }
  const parsed = page.safeParse(document);
  if (!parsed.success) throw new Error(`azure: ${shown(url)} answered no value list`);
  return parsed.data;
}

function parseItem<T extends z.ZodType>(
  url: URL,
  index: number,
  raw: unknown,
  item: T,
): z.infer<T> {
  const parsed = item.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const at = [index, ...(issue?.path ?? [])].join('.');
  throw new Error(
    `azure: ${shown(url)} answered an unexpected document: value.${at} ${issue?.message ?? ''}`,
  );
}

const armError = z.object({ error: z.object({ code: z.string() }).loose() }).loose();

/** ARM's `{error: {code}}`, shown after the status (`404 ResourceGroupNotFound`). */
function armErrorCode(text: string): string {
  try {
    const parsed = armError.safeParse(JSON.parse(text));
    return parsed.success ? ` ${parsed.data.error.code}` : '';
  } catch {
    return '';
  }
}
