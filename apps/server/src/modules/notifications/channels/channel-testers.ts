import type { ConnectionTester } from '../../connections/index.ts';
import { ConnectionTestFailed } from '../../connections/index.ts';
import { DeliveryError } from './http-delivery.ts';
import { notificationChannels, sendTestMessage } from './registry.ts';

/**
 * Connection testers for notification types: a test sends a real test message. Email is left
 * out, as its SMTP session test already proves the server and credentials without mailing.
 */
export const notificationTesters: readonly ConnectionTester[] = [...notificationChannels.keys()]
  .filter((type) => type !== 'email')
  .map((type) => ({
    type,
    async test(connection, ctx) {
      try {
        await sendTestMessage(connection, ctx.signal);
      } catch (error) {
        if (error instanceof DeliveryError) throw new ConnectionTestFailed(error.message);
        throw error;
      }
    },
  }));
