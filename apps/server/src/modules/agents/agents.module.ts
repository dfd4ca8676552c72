import type { Database } from '../../platform/db.ts';
import type { Authenticator } from '../../platform/http/actor.ts';
import { defineModule } from '../../platform/module.ts';
import { createAgentAuth } from './agent-auth.ts';
import { agentsRoutes } from './agents.routes.ts';
import { agentsSearch } from './agents.search.ts';
import { createAgentsService } from './agents.service.ts';
import { agentsWriteHook } from './agents.write-hook.ts';
import { createAssignedCanariesService } from './assigned-canaries.service.ts';
import { createPushService } from './push.service.ts';

export interface AgentsSettings {
  /** How long a verified agent token skips argon2 (default 5 min); revocation is immediate. */
  readonly tokenCacheMs: number;
  /** How often a held GET /api/agent/canaries looks for a change (default 1 s). */
  readonly canaryPollMs: number;
}

export const defaultAgentsSettings: AgentsSettings = { tokenCacheMs: 300_000, canaryPollMs: 1000 };

/** The agents area: its routes, resources and write hook, and agent-token authentication. */
export function createAgentsModule(db: Database, settings: AgentsSettings = defaultAgentsSettings) {
  const auth = createAgentAuth(db, { tokenCacheMs: settings.tokenCacheMs });
  return defineModule({
    name: 'agents',
    routes: [
      agentsRoutes({
        auth,
        agents: createAgentsService(db),
        push: createPushService(db),
        assigned: createAssignedCanariesService(db, { pollMs: settings.canaryPollMs }),
      }),
    ],
    resources: [
      { name: 'agents', object: 'agents' },
      // The agents list: remote agents with their counts and Online/Offline (spec 000 §7).
      { name: 'agents_summary', object: 'agents', readOnly: true },
    ],
    writeHooks: { agents: agentsWriteHook },
    search: [agentsSearch],
    /** Agent tokens are recognised first; anything else goes to the next authenticator. */
    authenticate: (next: Authenticator): Authenticator => auth.authenticator(next),
  });
}
