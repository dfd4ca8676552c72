import type { NotificationChannelType } from '@vigil/domain';
import type { OpenedConnection } from '../../connections/index.ts';

/** What a notification says, rendered from its template. */
export interface ChannelMessage {
  readonly title: string;
  /** Markdown. */
  readonly body: string;
}

export interface Delivery {
  readonly connection: OpenedConnection;
  readonly message: ChannelMessage;
  /** Stable per event and recipient: services that de-duplicate on a key receive it. */
  readonly idempotencyKey: string;
  /** Overrides the connection's own recipient (a person's email). */
  readonly to?: string;
  readonly signal: AbortSignal;
}

/** One kind of notification service; one file per kind, listed in registry.ts. */
export interface NotificationChannel {
  readonly type: NotificationChannelType;
  readonly label: string;
  send(delivery: Delivery): Promise<void>;
}
