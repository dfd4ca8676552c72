import type { ChannelMessage } from './channel.ts';

/** Slack's `text` (the notification fallback) and one mrkdwn section block that renders it. */
export function slackContent(message: ChannelMessage) {
  const text = message.title ? `*${message.title}*\n${message.body}` : message.body;
  return {
    text,
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }],
  };
}
