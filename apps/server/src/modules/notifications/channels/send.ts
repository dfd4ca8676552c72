import type { OpenedConnection } from '../../connections/index.ts';
import { channelFor } from './registry.ts';

/**
 * Sends one message through a connection's channel (playbook notification actions, incident
 * mentions). `to` overrides the connection's own recipient where the channel has one (email).
 */
export type NotificationSender = (
  connection: OpenedConnection,
  message: { title: string; body: string },
  options: { idempotencyKey: string; signal: AbortSignal; to?: string | undefined },
) => Promise<void>;

export const sendThroughConnection: NotificationSender = (connection, message, options) =>
  channelFor(connection).send({
    connection,
    message,
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
    ...(options.to === undefined ? {} : { to: options.to }),
  });
