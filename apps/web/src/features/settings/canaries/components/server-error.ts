import { ApiError } from '@/lib/api-error.ts';
import type { CheckForm } from '../model/check-form.ts';

export interface PlacedError {
  /** The form control the message is about, when the form shows it. */
  target: 'name' | 'namespace' | 'schedule' | `check.${string}` | undefined;
  /** The message without the field, as shown under the control. */
  short: string;
  message: string;
}

/**
 * The write hook answers 400 with the field first (`spec.http[0].url needs url …`). When that
 * field is on the form, the message goes under it; it is always shown above the buttons too.
 */
export function placeServerError(error: unknown, form: CheckForm | undefined): PlacedError {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  if (!(error instanceof ApiError) || error.status !== 400) {
    return { target: undefined, short: message, message };
  }
  const [field = '', ...rest] = message.split(' ');
  const short = rest.join(' ');
  if (field === 'spec.schedule' || field === 'spec.interval') {
    return { target: 'schedule', short, message };
  }
  if (field === 'name' || field === 'namespace') return { target: field, short, message };
  const prefix = form === undefined ? undefined : `spec.${form.specKey}[0].`;
  if (prefix !== undefined && field.startsWith(prefix)) {
    const key = field.slice(prefix.length).split(/[.[]/)[0] ?? '';
    if (form?.fields.some((candidate) => candidate.name === key)) {
      return { target: `check.${key}`, short, message };
    }
  }
  return { target: undefined, short, message };
}
