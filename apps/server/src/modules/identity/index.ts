/** What other areas may use from identity (ADR 0010). */
export { type LinkSender } from './accounts/link-sender.ts';
export { type AttemptLimits } from './limits/attempt-limiter.ts';
export { type AccessTokenService } from './access-tokens/access-tokens.service.ts';
export { type OrganizationDatabases } from './hosted/provisioner.ts';
