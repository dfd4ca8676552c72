import { MessagePort } from 'node:worker_threads';
import { z } from 'zod';

/** The one shared Int32 between the server and the javascript thread. */
export const signalStates = { idle: 0, started: 1, done: 2 } as const;

export const javascriptRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('validate'), source: z.string() }),
  z.object({
    kind: z.literal('evaluate'),
    source: z.string(),
    /** The check's variables as one JSON object text. */
    variablesJson: z.string(),
    limitMs: z.number(),
  }),
]);
export type JavascriptRequest = z.infer<typeof javascriptRequest>;

/** A request and the port its answer goes back on (read with receiveMessageOnPort). */
export const workerRequest = z.object({
  port: z.instanceof(MessagePort),
  request: javascriptRequest,
});

export const workerAnswer = z.union([
  z.object({ ok: z.literal(true), value: z.string() }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type WorkerAnswer = z.infer<typeof workerAnswer>;
