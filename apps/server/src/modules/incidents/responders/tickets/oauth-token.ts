import { z } from 'zod';
import { httpCall, TicketError } from './ticket-client.ts';

const tokenAnswer = z.object({ access_token: z.string().min(1) });

/**
 * An OAuth 2.0 token request (RFC 6749 §4.4 client credentials, §6 refresh). The token url is
 * the connection's own identity endpoint; the secret goes nowhere else.
 */
export async function oauthToken(
  tokenUrl: string,
  form: Record<string, string>,
  signal: AbortSignal,
): Promise<string> {
  const answer = await httpCall(tokenUrl, { method: 'POST', headers: {}, form, signal });
  const parsed = tokenAnswer.safeParse(answer.body);
  if (!parsed.success) throw new TicketError(`${new URL(tokenUrl).host} answered no access_token`);
  return parsed.data.access_token;
}
