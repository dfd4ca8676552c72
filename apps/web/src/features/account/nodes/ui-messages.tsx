import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import { cx } from '@/ui/class-names.ts';
import type { UiText } from '../api/flow-schema.ts';

const tones: Record<string, string> = {
  error: 'text-unhealthy',
  success: 'text-healthy',
};

export interface NodeMessagesProps {
  messages: UiText[];
  id?: string;
}

/** Field messages under a node; errors in red. */
export function NodeMessages({ messages, id }: NodeMessagesProps) {
  if (messages.length === 0) return null;
  return (
    <ul id={id} className="space-y-0.5 text-xs">
      {messages.map((message) => (
        <li
          key={`${message.id}:${message.text}`}
          data-message-type={message.type}
          className={tones[message.type] ?? 'text-fg-muted'}
        >
          {message.text}
        </li>
      ))}
    </ul>
  );
}

const boxes: Record<string, string> = {
  error: 'border-unhealthy/40 bg-unhealthy/5 text-unhealthy',
  success: 'border-healthy/40 bg-healthy/5 text-healthy',
};

function MessageIcon({ type }: { type: string }) {
  const Icon = type === 'error' ? CircleAlert : type === 'success' ? CircleCheck : Info;
  return <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />;
}

export interface FlowMessagesProps {
  messages: UiText[];
}

/** The flow's own messages (`ui.messages`), shown above the form. */
export function FlowMessages({ messages }: FlowMessagesProps) {
  if (messages.length === 0) return null;
  const hasError = messages.some((message) => message.type === 'error');
  return (
    <div role={hasError ? 'alert' : 'status'} className="space-y-2">
      {messages.map((message) => (
        <p
          key={`${message.id}:${message.text}`}
          data-message-type={message.type}
          className={cx(
            'flex gap-2 rounded-md border px-3 py-2 text-sm',
            boxes[message.type] ?? 'border-border bg-surface-muted text-fg',
          )}
        >
          <MessageIcon type={message.type} />
          <span>{message.text}</span>
        </p>
      ))}
    </div>
  );
}
