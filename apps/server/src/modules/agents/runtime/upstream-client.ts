import { agentKubernetesSchema } from '@vigil/domain';
import { z } from 'zod';
import { backendVersion } from '../../../platform/version.ts';
import {
  actionPollAnswerSchema,
  actionProgressAnswerSchema,
  actionResultAnswerSchema,
  type ActionResult,
  type AgentAction,
} from '../../playbooks/index.ts';
import type { PushedCanary, PushedCheck } from '../push.schema.ts';

/** The upstream refused the token (401): the agent was deleted or its token revoked. */
export class UpstreamRevokedError extends Error {}

/** The upstream answered 4xx other than 401: the request itself is wrong, retrying won't help. */
export class UpstreamRejectedError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Unreachable, timed out or 5xx: the call may be retried later. */
export class UpstreamUnavailableError extends Error {}

const pushAnswerSchema = z.object({
  accepted: z.object({ canaries: z.number(), checks: z.number(), check_statuses: z.number() }),
  missing: z.object({
    checks: z.array(z.string()),
    check_statuses: z.array(z.object({ check_id: z.string(), time: z.string() })),
  }),
});
export type UpstreamPushAnswer = z.infer<typeof pushAnswerSchema>;

export const upstreamSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  properties: z.record(z.string(), z.string()),
  kubernetes: agentKubernetesSchema,
});
export type UpstreamSettings = z.infer<typeof upstreamSettingsSchema>;

export const assignedCanarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  namespace: z.string(),
  labels: z.record(z.string(), z.string()).nullish(),
  spec: z.record(z.string(), z.unknown()),
  icon: z.string().nullish(),
  source: z.string().nullish(),
  checks: z.array(z.object({ id: z.uuid(), type: z.string(), name: z.string() })),
});
export type AssignedCanary = z.infer<typeof assignedCanarySchema>;
const assignedAnswerSchema = z.object({
  version: z.string(),
  canaries: z.array(assignedCanarySchema),
});

/** JSON-ready rows of one push, in the shape of push.schema.ts. */
export interface OutgoingBatch {
  readonly canaries?: ReadonlyArray<Omit<PushedCanary, 'created_at' | 'deleted_at'> & Dated>;
  readonly checks?: ReadonlyArray<Omit<PushedCheck, 'created_at' | 'deleted_at'> & Dated>;
  readonly check_statuses?: readonly OutgoingStatus[];
}
interface Dated {
  readonly deleted_at: string | null;
}
export interface OutgoingStatus {
  readonly check_id: string;
  readonly time: string;
  readonly duration: number | null;
  readonly status: boolean;
  readonly invalid: boolean;
  readonly error: string | null;
  readonly message: string | null;
  readonly detail?: unknown;
}

const callTimeoutMs = 30_000;

/** The calls `vigil agent` makes upstream, each answer parsed; failures are typed by cause. */
export function createUpstreamClient(baseUrl: string, token: string) {
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      const timeout = AbortSignal.timeout(timeoutMs);
      response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new UpstreamUnavailableError(
        `upstream ${baseUrl} unreachable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    const text = await response.text().catch(() => '');
    const json: unknown = text ? safeJson(text) : null;
    if (response.status === 401) throw new UpstreamRevokedError(messageOf(json, text));
    if (response.status >= 500) {
      throw new UpstreamUnavailableError(`upstream answered ${response.status}`);
    }
    if (response.status >= 400) {
      throw new UpstreamRejectedError(response.status, messageOf(json, text));
    }
    return { status: response.status, json };
  }

  return {
    async push(batch: OutgoingBatch): Promise<UpstreamPushAnswer> {
      const { json } = await call('POST', '/agent/push', batch, callTimeoutMs);
      return pushAnswerSchema.parse(json);
    },
    async heartbeat(hostname: string): Promise<UpstreamSettings> {
      const body = { hostname, version: backendVersion };
      const { json } = await call('POST', '/agent/heartbeat', body, callTimeoutMs);
      return upstreamSettingsSchema.parse(json);
    },
    /** Undefined when nothing changed since `since` (304). */
    async assignedCanaries(
      since: string | undefined,
      timeoutSeconds: number,
      signal: AbortSignal,
    ): Promise<z.infer<typeof assignedAnswerSchema> | undefined> {
      const query = new URLSearchParams({ timeout: String(timeoutSeconds) });
      if (since !== undefined) query.set('since', since);
      const path = `/agent/canaries?${query.toString()}`;
      const answer = await call('GET', path, undefined, (timeoutSeconds + 15) * 1000, signal);
      if (answer.status === 304) return undefined;
      return assignedAnswerSchema.parse(answer.json);
    },
    /** The next playbook action placed on this agent (`runsOn`), or null after the wait. */
    async playbookAction(timeoutSeconds: number, signal: AbortSignal): Promise<AgentAction | null> {
      const path = `/agent/playbook-action?timeout=${timeoutSeconds}`;
      const answer = await call('GET', path, undefined, (timeoutSeconds + 15) * 1000, signal);
      return actionPollAnswerSchema.parse(answer.json).action;
    },
    /** Output so far; renews the lease. `stop`: the run ended upstream. */
    async actionProgress(id: string, attempt: number, output: string): Promise<boolean> {
      const body = { attempt, output };
      const { json } = await call('POST', `/agent/playbook-action/${id}/progress`, body, 15_000);
      return actionProgressAnswerSchema.parse(json).stop;
    },
    async actionResult(id: string, report: ActionResult): Promise<void> {
      const { json } = await call('POST', `/agent/playbook-action/${id}/result`, report, 30_000);
      actionResultAnswerSchema.parse(json);
    },
  };
}
export type UpstreamClient = ReturnType<typeof createUpstreamClient>;

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function messageOf(json: unknown, text: string): string {
  const parsed = z.object({ message: z.string() }).safeParse(json);
  return parsed.success ? parsed.data.message : text.slice(0, 300);
}
