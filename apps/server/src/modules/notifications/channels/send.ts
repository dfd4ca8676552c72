import type { OpenedConnection } from '../../connections/index.ts';
import { channelFor } from './registry.ts';

/** Sends one message through a connection's channel (playbook notification actions). */
export type NotificationSender = (
  connection: OpenedConnection,
  message: { title: string; body: string },
  options: { idempotencyKey: string; signal: AbortSignal },
) => Promise<void>;

export const sendThroughConnection: NotificationSender = (connection, message, options) =>
  channelFor(connection).send({ connection, message, ...options });
