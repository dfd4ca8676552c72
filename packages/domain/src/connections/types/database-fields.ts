import { insecureTlsField, urlField, type FormField } from '../connection-fields.ts';

/** URL, username and password: the form of the SQL, document and HTTP-like targets. */
export function endpointFields(placeholder: string, tls = false): FormField[] {
  return [
    { ...urlField(), placeholder },
    { kind: 'authentication', label: 'Authentication' },
    ...(tls ? [insecureTlsField] : []),
  ];
}
