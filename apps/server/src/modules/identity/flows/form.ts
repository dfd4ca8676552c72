import { identityErrors } from '../identity-errors.ts';

/**
 * A submitted form as flat name → value pairs. Clients send JSON with nested traits
 * ({traits: {name: {first}}}) or dotted names (traits.name.first); both end up dotted.
 */
export type FormValues = Readonly<Record<string, string>>;

/** A surrogate without its pair. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function flattenForm(body: unknown): FormValues {
  const out: Record<string, string> = {};
  const visit = (value: unknown, prefix: string): void => {
    if (value === null || value === undefined) return;
    if (typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) {
        visit(child, prefix ? `${prefix}.${key}` : key);
      }
      return;
    }
    if (!prefix) return;
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    // PostgreSQL cannot store U+0000 or a lone surrogate: refused before a lookup or a flow fails.
    const raw = `${prefix}${text}`;
    if (raw.includes('\u0000') || loneSurrogate.test(raw)) {
      throw identityErrors.badRequest(
        `The field ${JSON.stringify(prefix)} is not valid text (a NUL character or a lone surrogate).`,
      );
    }
    out[prefix] = text;
  };
  visit(body, '');
  return out;
}

/** The method a submission is for: as sent, or implied by a method-specific button. */
export function submittedMethod(form: FormValues): string | undefined {
  if (form.method) return form.method;
  if (form.totp_unlink !== undefined || form.totp_code !== undefined) return 'totp';
  if (Object.keys(form).some((key) => key.startsWith('lookup_secret'))) return 'lookup_secret';
  if (Object.keys(form).some((key) => key.startsWith('webauthn'))) return 'webauthn';
  if (form.link !== undefined || form.unlink !== undefined || form.provider !== undefined)
    return 'oidc';
  return undefined;
}

export function isTrue(value: string | undefined): boolean {
  return value === 'true' || value === '1' || value === 'on';
}
