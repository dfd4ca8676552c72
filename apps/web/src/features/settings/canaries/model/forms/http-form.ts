import { isJsonObject, listOf, type JsonObject } from '../canary-resource.ts';
import {
  checkIdentityFields,
  expressionFields,
  type CheckField,
  type FieldValue,
  numberField,
  textField,
} from '../check-fields.ts';
import type { CheckForm } from '../check-form.ts';
import { credentialFields } from '../credential-fields.ts';

/** Spec 002 §9. */
export const httpMethods = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export const responseCodes = [
  '200',
  '201',
  '202',
  '204',
  '301',
  '302',
  '401',
  '404',
  '500',
  '502',
  '503',
] as const;
const authentications = ['', 'basic', 'ntlm', 'ntlmv2'] as const;

const asText = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');

const authentication: CheckField = {
  name: 'authentication',
  label: 'Authentication',
  kind: 'select',
  options: authentications,
  read: (check) => {
    if (check.ntlmv2 === true) return 'ntlmv2';
    if (check.ntlm === true) return 'ntlm';
    return check.username !== undefined ? 'basic' : '';
  },
  write: (check, value) => {
    delete check.ntlm;
    delete check.ntlmv2;
    if (value === 'ntlm') check.ntlm = true;
    if (value === 'ntlmv2') check.ntlmv2 = true;
  },
  validate: () => true,
};

function headerLine(header: unknown): string | undefined {
  if (!isJsonObject(header) || typeof header.name !== 'string') return undefined;
  return typeof header.value === 'string' ? `${header.name}: ${header.value}` : undefined;
}

/** Plain headers as `Name: value` lines; headers from secrets stay as they are in the YAML. */
const headers: CheckField = {
  name: 'headers',
  label: 'Headers',
  kind: 'textarea',
  placeholder: 'Accept: application/json',
  read: (check) =>
    listOf(check.headers)
      .map(headerLine)
      .filter((line) => line !== undefined)
      .join('\n'),
  write: (check: JsonObject, value) => {
    const kept = listOf(check.headers).filter((header) => headerLine(header) === undefined);
    const typed = asText(value)
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => {
        const index = line.indexOf(':');
        return { name: line.slice(0, index).trim(), value: line.slice(index + 1).trim() };
      })
      .filter((header) => header.name !== '');
    const all = [...typed, ...kept];
    if (all.length > 0) check.headers = all;
    else delete check.headers;
  },
  validate: () => true,
};

const codes: CheckField = {
  name: 'responseCodes',
  label: 'Response Codes',
  kind: 'checkboxes',
  options: responseCodes,
  // Codes outside the list stay in the YAML only (write keeps them).
  read: (check) =>
    listOf(check.responseCodes)
      .map(String)
      .filter((code) => responseCodes.some((known) => known === code)),
  write: (check, value) => {
    const chosen = (Array.isArray(value) ? value : []).map(Number);
    const others = listOf(check.responseCodes).filter(
      (code) => !responseCodes.some((known) => known === String(code)),
    );
    const all = [...others, ...chosen].map(Number).sort((a, b) => a - b);
    if (all.length > 0) check.responseCodes = all;
    else delete check.responseCodes;
  },
  validate: () => true,
};

export const httpForm: CheckForm = {
  specKey: 'http',
  fields: [
    ...checkIdentityFields(),
    textField('url', 'url', { label: 'URL', required: true, placeholder: 'https://' }),
    textField('method', 'method', {
      label: 'Method',
      kind: 'select',
      options: ['', ...httpMethods],
      placeholder: 'GET (default)',
    }),
    textField('body', 'body', {
      label: 'Body',
      kind: 'code',
      // No body for GET and DELETE (spec 002 §9).
      visibleWhen: (values) => values.method === 'POST' || values.method === 'PUT',
    }),
    headers,
    authentication,
    ...credentialFields((values) => asText(values.authentication) !== ''),
    codes,
    numberField('thresholdMillis', 'thresholdMillis', { label: 'Threshold (ms)' }),
    textField('responseContent', 'responseContent', { label: 'Response Content' }),
    numberField('maxSSLExpiry', 'maxSSLExpiry', { label: 'Max SSL Expiry (days)' }),
    ...expressionFields(),
  ],
};
