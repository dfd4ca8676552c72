import type { WebhookAuthMethod } from './auth-method.ts';
import { basicAuth } from './basic.ts';
import { githubAuth } from './github.ts';
import { jwtAuth } from './jwt.ts';
import { svixAuth } from './svix.ts';

/** Every `on.webhook.authentication` key, in the order upstream checks them. */
export const webhookAuthMethods: readonly WebhookAuthMethod[] = [
  basicAuth,
  githubAuth,
  jwtAuth,
  svixAuth,
];
