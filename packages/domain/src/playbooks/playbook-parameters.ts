import { z } from 'zod';
import type { ResolvedParameter } from './playbook-api.ts';

/**
 * The run dialog's checks of a parameter value (spec 000 §5, 002 §5), in the server's words so
 * that a value refused here and one refused by `POST /api/playbook/run` read alike.
 */

/** Specs written as YAML often quote numbers and booleans: `maxLength: "10"`, `multiline: "true"`. */
const looseNumber = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);
const looseBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);

export const textFormats = ['bytes', 'millicores', 'dns1123'] as const;
export type TextFormat = (typeof textFormats)[number];

export const textPropertiesSchema = z.object({
  multiline: looseBoolean.optional().catch(undefined),
  minLength: looseNumber.optional().catch(undefined),
  maxLength: looseNumber.optional().catch(undefined),
  regex: z.string().optional().catch(undefined),
  format: z.enum(textFormats).optional().catch(undefined),
  min: looseNumber.optional().catch(undefined),
  max: looseNumber.optional().catch(undefined),
});
export type TextProperties = z.infer<typeof textPropertiesSchema>;

export const codePropertiesSchema = z.object({
  size: z.enum(['very-small', 'small', 'medium', 'large', 'full']).optional().catch(undefined),
  language: z.string().optional().catch(undefined),
  jsonSchemaUrl: z.string().optional().catch(undefined),
});
export type CodeProperties = z.infer<typeof codePropertiesSchema>;

/** List options as values or `{label, value}`, as the server accepts them. */
const listOptionsSchema = z.array(
  z.union([
    z.object({ label: z.string().optional(), value: z.coerce.string() }).loose(),
    z.union([z.string(), z.number(), z.boolean()]).transform(String),
  ]),
);
export interface ListOption {
  label: string;
  value: string;
}

/** The part of a parameter these checks read. */
export type ParameterLike = Pick<ResolvedParameter, 'name' | 'type' | 'required' | 'properties'>;

/** The format a parameter's text has: its own, or its type's for `bytes` and `millicores`. */
export function textPropertiesOf(parameter: ParameterLike): TextProperties {
  const parsed = textPropertiesSchema.safeParse(parameter.properties ?? {});
  const properties = parsed.success ? parsed.data : {};
  if (parameter.type === 'bytes' || parameter.type === 'millicores')
    return { ...properties, format: parameter.type };
  return properties;
}
export function codePropertiesOf(parameter: ParameterLike): CodeProperties {
  const parsed = codePropertiesSchema.safeParse(parameter.properties ?? {});
  return parsed.success ? parsed.data : {};
}
export function listOptionsOf(parameter: ParameterLike): ListOption[] {
  const parsed = listOptionsSchema.safeParse(parameter.properties?.['options'] ?? []);
  if (!parsed.success) return [];
  return parsed.data.map((option) =>
    typeof option === 'string'
      ? { label: option, value: option }
      : { label: option.label ?? option.value, value: option.value },
  );
}

export const parameterRequiredMessage = 'This field is required';
/** Spec: lowercase alphanumeric segments joined by '-' and '.' (Kubernetes' wording). */
export const dns1123Message =
  "Must consist of lowercase alphanumeric characters, '-' or '.', and start and end with an alphanumeric character";

const byteFactors: Readonly<Record<string, number>> = {
  '': 1,
  k: 1e3,
  m: 1e6,
  g: 1e9,
  t: 1e12,
  p: 1e15,
  ki: 1024,
  mi: 1024 ** 2,
  gi: 1024 ** 3,
  ti: 1024 ** 4,
  pi: 1024 ** 5,
};

interface FormatRule {
  pattern: RegExp;
  message: string;
  /** The amount min and max bound, when the format has one. */
  amount(text: string): number | undefined;
}

const formatRules: Record<TextFormat, FormatRule> = {
  dns1123: {
    pattern: /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
    message: dns1123Message,
    amount: () => undefined,
  },
  bytes: {
    pattern: /^\d+(\.\d+)?\s*(k|m|g|t|p|ki|mi|gi|ti|pi|kb|mb|gb|tb)?b?$/i,
    message: 'Must be a size such as 512Mi, 1Gi or 1024',
    amount(text) {
      const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
      const factor = byteFactors[(match?.[2] ?? '').toLowerCase().replace(/b$/, '')];
      return match && factor !== undefined ? Number(match[1]) * factor : undefined;
    },
  },
  millicores: {
    pattern: /^(\d+m|\d+(\.\d+)?)$/,
    message: 'Must be CPU such as 500m or 1.5',
    amount: (text) => (text.endsWith('m') ? Number(text.slice(0, -1)) : Number(text) * 1000),
  },
};

/** A value may be left empty only when the parameter is optional; checkboxes always have one. */
export function isRequired(parameter: ParameterLike): boolean {
  return parameter.required === true && parameter.type !== 'checkbox';
}

function boundsProblem(text: string, properties: TextProperties): string | undefined {
  const { min, max, format } = properties;
  if (min === undefined && max === undefined) return undefined;
  const amount = format ? formatRules[format].amount(text) : Number(text);
  if (amount === undefined || !Number.isFinite(amount)) return 'Must be a number';
  if (min !== undefined && amount < min) return `Must be at least ${min}`;
  if (max !== undefined && amount > max) return `Must be at most ${max}`;
  return undefined;
}

function regexProblem(text: string, regex: string | undefined): string | undefined {
  if (regex === undefined || regex === '') return undefined;
  let pattern: RegExp;
  try {
    pattern = new RegExp(`^(?:${regex})$`);
  } catch {
    return undefined;
  }
  return pattern.test(text) ? undefined : `Must match ${regex}`;
}

const textTypes: ReadonlySet<string> = new Set(['text', 'bytes', 'millicores', '']);

/** The message for a value, or undefined when it is valid. The order is the server's. */
export function parameterProblem(parameter: ParameterLike, value: string): string | undefined {
  if (value === '') return isRequired(parameter) ? parameterRequiredMessage : undefined;
  if (!textTypes.has(parameter.type)) return undefined;
  const properties = textPropertiesOf(parameter);
  const { minLength, maxLength, format } = properties;
  if (minLength !== undefined && value.length < minLength)
    return `Must be at least ${minLength} characters`;
  if (maxLength !== undefined && value.length > maxLength)
    return `Must be at most ${maxLength} characters`;
  const regex = regexProblem(value, properties.regex);
  if (regex !== undefined) return regex;
  if (format !== undefined && !formatRules[format].pattern.test(value.trim()))
    return formatRules[format].message;
  return boundsProblem(value, properties);
}

/** The API's field name of a parameter in a run request, as its refusals name it. */
export function parameterField(name: string): string {
  return `params.${name}`;
}
