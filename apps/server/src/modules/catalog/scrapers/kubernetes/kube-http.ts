import http from 'node:http';
import https from 'node:https';
import { KubeConfig } from '@kubernetes/client-node';
import { z } from 'zod';
import { ScrapeConfigError } from '../scraper-type.ts';

/** A Kubernetes API server reached with a kubeconfig's credentials (token, client cert, CA). */
export interface KubeHttp {
  readonly server: string;
  getJson(
    path: string,
    query: Record<string, string | undefined>,
    signal: AbortSignal,
  ): Promise<unknown>;
  /** Streams a watch: one parsed JSON object per line until the server or the signal ends it. */
  watch(
    path: string,
    query: Record<string, string | undefined>,
    signal: AbortSignal,
    onEvent: (event: unknown) => void,
  ): Promise<void>;
}

export async function kubeHttpFrom(kubeconfig: string | undefined): Promise<KubeHttp> {
  const config = new KubeConfig();
  try {
    if (kubeconfig === undefined) config.loadFromDefault();
    else if (kubeconfig.startsWith('/')) config.loadFromFile(kubeconfig);
    else config.loadFromString(kubeconfig);
  } catch (error) {
    throw new ScrapeConfigError(`kubernetes: kubeconfig cannot be read: ${String(error)}`);
  }
  const cluster = config.getCurrentCluster();
  if (!cluster) throw new ScrapeConfigError('kubernetes: kubeconfig has no current cluster');
  const options: https.RequestOptions = {};
  await config.applyToHTTPSOptions(options);
  const server = cluster.server.replace(/\/$/, '');
  const secure = server.startsWith('https:');
  // One keep-alive agent per client: a 50,000-object list is many pages on one connection.
  const agent = secure
    ? new https.Agent({
        keepAlive: true,
        ca: options.ca,
        cert: options.cert,
        key: options.key,
        rejectUnauthorized: options.rejectUnauthorized,
      })
    : new http.Agent({ keepAlive: true });
  const headers = { accept: 'application/json', ...headersOf(options.headers) };

  function request(
    path: string,
    query: Record<string, string | undefined>,
    signal: AbortSignal,
  ): Promise<http.IncomingMessage> {
    const url = new URL(server + path);
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== '') url.searchParams.set(key, value);
    }
    const send = secure ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(url, { agent, headers, signal }, resolve);
      req.on('error', reject);
      req.end();
    });
  }

  return {
    server,
    async getJson(path, query, signal) {
      const response = await request(path, query, signal);
      const text = await readAll(response);
      if ((response.statusCode ?? 0) >= 300) {
        throw new Error(`${path}: ${response.statusCode} ${statusMessage(text)}`);
      }
      const parsed: unknown = JSON.parse(text);
      return parsed;
    },
    async watch(path, query, signal, onEvent) {
      const response = await request(path, { ...query, watch: 'true' }, signal);
      if ((response.statusCode ?? 0) >= 300) {
        throw new Error(
          `${path} watch: ${response.statusCode} ${statusMessage(await readAll(response))}`,
        );
      }
      let buffered = '';
      response.setEncoding('utf8');
      try {
        for await (const chunk of response) {
          buffered += String(chunk);
          let newline = buffered.indexOf('\n');
          while (newline >= 0) {
            const line = buffered.slice(0, newline).trim();
            buffered = buffered.slice(newline + 1);
            if (line !== '') onEvent(JSON.parse(line));
            newline = buffered.indexOf('\n');
          }
        }
      } catch (error) {
        if (!signal.aborted) throw error;
      }
    },
  };
}

async function readAll(response: http.IncomingMessage): Promise<string> {
  response.setEncoding('utf8');
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return text;
}

const status = z.object({ message: z.string() });

function statusMessage(text: string): string {
  try {
    const parsed = status.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data.message;
  } catch {
    // Not JSON: the body itself says what went wrong.
  }
  return text.slice(0, 200);
}

function headersOf(
  value: http.OutgoingHttpHeaders | readonly string[] | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (value === undefined || Array.isArray(value)) return out;
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string') out[key] = v;
  return out;
}
