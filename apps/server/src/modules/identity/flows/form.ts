/**
 * A submitted form as flat name → value pairs. Clients send JSON with nested traits
 * ({traits: {name: {first}}}) or dotted names (traits.name.first); both end up dotted.
 */
export type FormValues = Readonly<Record<string, string>>;

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
    if (prefix) out[prefix] = typeof value === 'string' ? value : JSON.stringify(value);
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
