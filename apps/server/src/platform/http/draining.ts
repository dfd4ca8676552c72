import type { FastifyInstance } from 'fastify';

/**
 * While closing, answers carry `Connection: close`, so a keep-alive client's socket ends with its
 * last in-flight response instead of holding shutdown open until the keep-alive timeout.
 */
export function registerDraining(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}
