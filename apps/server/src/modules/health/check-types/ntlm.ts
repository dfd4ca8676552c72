import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import type { HttpAnswer, HttpProbe } from './http-request.ts';
import {
  authenticateMessage,
  negotiateMessage,
  parseChallenge,
  type NtlmCredentials,
} from './ntlm-messages.ts';

export type Send = (
  probe: HttpProbe,
  headers: Readonly<Record<string, string>>,
  keepAlive: boolean,
  agent?: http.Agent,
) => Promise<HttpAnswer>;

/**
 * The NTLM handshake: negotiate, read the challenge, authenticate with NTLMv2. NTLM
 * authenticates the connection, not the request, so all of it runs on one kept-alive socket.
 */
export async function ntlmRequest(probe: HttpProbe, send: Send): Promise<HttpAnswer> {
  if (!probe.auth) return send(probe, probe.headers, false);
  const started = performance.now();
  const secure = new URL(probe.url).protocol === 'https:';
  const agent = secure
    ? new https.Agent({ keepAlive: true, maxSockets: 1 })
    : new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const first = await send(probe, withAuthorization(probe, negotiateMessage()), true, agent);
    const challenge = first.status === 401 ? challengeOf(first) : undefined;
    if (challenge === undefined) return first;
    const credentials = ntlmCredentials(probe.auth.username, probe.auth.password);
    const type3 = authenticateMessage(credentials, parseChallenge(challenge));
    const answer = await send(probe, withAuthorization(probe, type3), false, agent);
    return { ...answer, elapsedMs: Math.round(performance.now() - started) };
  } finally {
    agent.destroy();
  }
}

/** `DOMAIN\user` carries its domain; a bare or `user@domain` name is sent as it is. */
export function ntlmCredentials(username: string, password: string): NtlmCredentials {
  const separator = username.indexOf('\\');
  const workstation = os.hostname().split('.')[0]?.toUpperCase() ?? '';
  if (separator < 0) return { username, password, domain: '', workstation };
  return {
    username: username.slice(separator + 1),
    password,
    domain: username.slice(0, separator),
    workstation,
  };
}

function withAuthorization(probe: HttpProbe, message: Buffer): Record<string, string> {
  return { ...probe.headers, authorization: `NTLM ${message.toString('base64')}` };
}

/** The Type 2 message in `WWW-Authenticate: NTLM <base64>`, when the server sent one. */
function challengeOf(answer: HttpAnswer): Buffer | undefined {
  const header = answer.headers['www-authenticate'] ?? '';
  const match = /(?:^|,)\s*NTLM\s+([A-Za-z0-9+/]+=*)/i.exec(header);
  return match?.[1] ? Buffer.from(match[1], 'base64') : undefined;
}
