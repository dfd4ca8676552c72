import type { PlaybookActionKind } from '@vigil/domain';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { ConnectionResolver } from '../../connections/index.ts';
import type { NotificationSender } from '../../notifications/index.ts';
import type { ValueResolver } from '../../../platform/values/values.ts';

/** What an action may use while it runs; nothing else reaches it. */
export interface ActionContext {
  readonly signal: AbortSignal;
  readonly log: Logger;
  readonly connections: ConnectionResolver;
  readonly notify: NotificationSender;
  /** The playbook was written by someone who may use any connection (docs/connections.md). */
  readonly connectionsApproved: boolean;
  /** Values never to appear in captured output (secret params, env from secrets). */
  readonly secrets: readonly string[];
  /** Renders a template over the run's data, for fields left verbatim until the action asks. */
  render(text: string): string;
  /** The run's id, for idempotency keys of external calls. */
  readonly runId: string;
  readonly playbookId: string;
  /** The playbook's namespace: where a pod action's pod runs, as upstream. */
  readonly namespace: string;
  /** Opens an EnvVar (`value`, `valueFrom.secretKeyRef` …) such as a token. */
  readonly values: ValueResolver;
  /** Output while the action runs (streamed live, masked by the engine). */
  output(text: string): void;
}

/** A failure the action reports with whatever output it captured before failing. */
export class ActionFailed extends Error {
  constructor(
    message: string,
    readonly result: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/**
 * One kind of playbook action, one file each, listed in registry.ts. `schema` checks the
 * action's body when the spec is written and again after its templates are rendered.
 */
export interface PlaybookActionType<C> {
  readonly kind: PlaybookActionKind;
  readonly schema: z.ZodType<C>;
  /** Fields whose text is not a template (a script's own `{{`, say), by key. */
  readonly verbatim?: readonly string[];
  run(config: C, context: ActionContext): Promise<Record<string, unknown>>;
}

export function defineActionType<C>(type: PlaybookActionType<C>): PlaybookActionType<C> {
  return type;
}

/** Replaces every secret in captured text, so logs never show one. */
export function mask(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 3) out = out.replaceAll(secret, '***');
  return out;
}
