import type { Logger } from 'pino';
import type { Sealer } from '../../../platform/crypto.ts';
import type { Database } from '../../../platform/db.ts';
import type { FlowService } from '../flows/flow.service.ts';
import type { IdentitySettings } from '../identity.settings.ts';
import type { SessionService } from '../sessions/session.service.ts';
import type { AttemptLimiter } from '../limits/attempt-limiter.ts';
import type { LinkSender } from '../accounts/link-sender.ts';

/** Everything the self-service flows share. */
export interface SelfServiceDeps {
  readonly db: Database;
  readonly flows: FlowService;
  readonly sessions: SessionService;
  readonly sealer: Sealer;
  readonly limiters: {
    readonly signIn: AttemptLimiter;
    readonly recovery: AttemptLimiter;
    readonly verification: AttemptLimiter;
  };
  readonly settings: IdentitySettings;
  readonly links: LinkSender;
  readonly log: Logger;
}
