import { z } from 'zod';

/** Every refusal the API answers, in PostgREST's shape; the message names the field. */
export const apiErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.string().nullable(),
  hint: z.string().nullable(),
});

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** The refusals every signed-in route may answer: a bad request, no session, no permission. */
export const refusalResponses = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** The answer of an action that reports only that it worked, e.g. a connection test. */
export const okAnswerSchema = z.object({ message: z.string() });
