import type { FormValues } from '../flows/form.ts';
import { problem } from '../ui/messages.ts';
import type { UiText } from '../ui/ui.types.ts';
import type { Traits } from './credentials.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The traits of a form, or the field messages that stop it. */
export function readTraits(
  form: FormValues,
): { traits: Traits; problems: [] } | { traits?: undefined; problems: Array<[string, UiText]> } {
  const email = (form['traits.email'] ?? '').trim();
  const problems: Array<[string, UiText]> = [];
  if (!email) problems.push(['traits.email', problem.required('email')]);
  else if (!emailPattern.test(email) || email.length > 320) {
    problems.push(['traits.email', problem.badEmail(email)]);
  }
  const first = (form['traits.name.first'] ?? '').trim().slice(0, 100);
  const last = (form['traits.name.last'] ?? '').trim().slice(0, 100);
  if (problems.length > 0) return { problems };
  return { traits: { email, name: { first, last } }, problems: [] };
}
