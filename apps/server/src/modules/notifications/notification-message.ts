import { evaluateCel, ExpressionError } from '../health/index.ts';
import { renderTemplate } from '../health/index.ts';
import type { ChannelMessage } from './channels/channel.ts';
import type { NotificationRule } from './notifications.repository.ts';

/** CEL filters run under the same time limit as check expressions. */
const filterLimitMs = 100;

/** Whether the rule's CEL filter admits the event's resource (no filter admits all). */
export function admits(rule: NotificationRule, variables: Record<string, unknown>): boolean {
  const filter = rule.filter?.trim();
  if (!filter) return true;
  const result = evaluateCel(filter, variables, filterLimitMs);
  if (typeof result !== 'boolean') {
    throw new ExpressionError(`filter must be true or false, got ${typeof result}`);
  }
  return result;
}

/** The title and markdown body, rendered with `{{ .check.name }}`-style variables. */
export function renderMessage(
  rule: NotificationRule,
  variables: Record<string, unknown>,
): ChannelMessage {
  return {
    title: renderTemplate(rule.title ?? '', variables),
    body: renderTemplate(rule.template ?? '', variables),
  };
}
