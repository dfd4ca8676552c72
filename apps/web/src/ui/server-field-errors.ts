import { ApiError } from '@/lib/api-error.ts';

export interface ServerFieldError {
  /** The API's name for the field, e.g. `repeat_interval` or `custom_services.0.connection`. */
  field: string;
  /** The message without the field, as shown under the control. */
  message: string;
}

const issuePattern = /^([A-Za-z_][\w.[\]]*)(:?)\s+(\S.*)$/;

/**
 * The write hooks answer 400 with the field first (`repeat_interval must look like 30m`,
 * `recipient: choose exactly one…`), several issues joined by `; `. Anything else has no field.
 */
export function serverFieldErrors(error: unknown): ServerFieldError[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  return error.message.split('; ').flatMap((issue) => {
    const [, field, colon, rest] = issuePattern.exec(issue.trim()) ?? [];
    if (field === undefined || rest === undefined) return [];
    // `field: choose one…` reads on its own; `field must look like…` needs a subject.
    const message =
      colon === ':' ? rest.charAt(0).toUpperCase() + rest.slice(1) : `This field ${rest}`;
    return [{ field, message }];
  });
}

/**
 * Marks each field the form shows (`formFieldOf` answers undefined for the others) and tells
 * whether any was marked, so that the caller shows the message elsewhere only when none was.
 */
export function markServerErrors<F extends string>(
  error: unknown,
  formFieldOf: (apiField: string) => F | undefined,
  mark: (field: F, message: string) => void,
): boolean {
  let marked = false;
  for (const { field, message } of serverFieldErrors(error)) {
    const target = formFieldOf(field);
    if (target === undefined) continue;
    mark(target, message);
    marked = true;
  }
  return marked;
}
