import { z } from 'zod';

const errorBodySchema = z.object({
  code: z.string().nullish().catch(null),
  message: z.string().nullish().catch(null),
  details: z.string().nullish().catch(null),
  hint: z.string().nullish().catch(null),
  error: z.string().nullish().catch(null),
});

export interface ApiErrorBody {
  code: string | null;
  message: string;
  details: string | null;
  hint: string | null;
}

/** A non-2xx answer from the API, with the PostgREST-shaped error body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: ApiErrorBody;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.body = body;
  }

  get code(): string | null {
    return this.body.code;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  const parsed = errorBodySchema.safeParse(parseJson(text));
  const body = parsed.success ? parsed.data : {};
  const fallback = text.trim() || response.statusText || `Request failed with ${response.status}`;
  return new ApiError(response.status, {
    code: body.code ?? null,
    message: body.message ?? body.error ?? fallback,
    details: body.details ?? null,
    hint: body.hint ?? null,
  });
}
