import type { Actor } from '../platform/http/actor.ts';

/** One /api/db request, parsed from HTTP or built by a module that writes without it. */
export interface DataApiRequest {
  readonly method: string;
  readonly target: string;
  readonly params: ReadonlyArray<readonly [string, string]>;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: unknown;
  readonly actor: Actor;
}
