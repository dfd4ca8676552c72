import { z } from 'zod';
import type { TransactionalConsumer } from '../../events/index.ts';
import { evaluateComponentExpression } from './component-expression.ts';

/** Queued by the roll-up (migration 0103) when a component's expression inputs change. */
export const expressionEvent = 'topology.component.expression';

const properties = z.object({ id: z.guid() });

/** Re-evaluates a component's statusExpr/healthExpr in the claim's transaction. */
export const expressionConsumer: TransactionalConsumer = {
  name: 'topology component expressions',
  events: [expressionEvent],
  transactional: true,
  async handle(event, { client }) {
    const parsed = properties.safeParse(event.properties);
    if (!parsed.success) return;
    await evaluateComponentExpression(client, parsed.data.id);
  },
};
