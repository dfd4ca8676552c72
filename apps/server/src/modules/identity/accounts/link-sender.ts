import type { Logger } from 'pino';

export interface AccountLink {
  readonly kind: 'recovery' | 'verification' | 'invitation';
  readonly email: string;
  readonly url: string;
}

/**
 * Delivers recovery, verification and invitation links. Until an email connection is
 * configured (connections issue), links are written to the log for the operator to pass on;
 * the link is a one-time secret, so it is logged at info and only here.
 */
export interface LinkSender {
  send(link: AccountLink): Promise<void>;
}

export function logLinkSender(log: Logger): LinkSender {
  return {
    async send(link) {
      log.info({ kind: link.kind, email: link.email, link: link.url }, `account ${link.kind} link`);
    },
  };
}
