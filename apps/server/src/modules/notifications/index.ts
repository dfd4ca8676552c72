/** What other areas may use from notifications (ADR 0010): sending through a connection. */
export { type NotificationSender, sendThroughConnection } from './channels/send.ts';
