import { z } from 'zod';

/** Parameter kinds of a playbook spec (spec 000 §2.5, 002 §3); a missing type is text. */
export const playbookParameterTypes = [
  'text',
  'checkbox',
  'list',
  'code',
  'team',
  'people',
  'component',
  'config',
  'check',
] as const;
export const playbookParameterTypeSchema = z.enum(playbookParameterTypes, {
  error: `must be one of ${playbookParameterTypes.join(', ')}`,
});
export type PlaybookParameterType = z.infer<typeof playbookParameterTypeSchema>;

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
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

export const textFormats = ['bytes', 'millicores', 'dns1123'] as const;

export const textPropertiesSchema = z.object({
  multiline: looseBoolean.optional(),
  minLength: looseNumber.optional(),
  maxLength: looseNumber.optional(),
  regex: z.string().optional(),
  format: z.enum(textFormats).optional(),
  min: looseNumber.optional(),
  max: looseNumber.optional(),
});
export type TextProperties = z.infer<typeof textPropertiesSchema>;

export const codePropertiesSchema = z.object({
  size: z.enum(['very-small', 'small', 'medium', 'large', 'full']).optional(),
  language: z.string().optional(),
  jsonSchemaUrl: z.string().optional(),
});
export type CodeProperties = z.infer<typeof codePropertiesSchema>;

export const listOptionSchema = z.object({ label: z.string(), value: z.coerce.string() });
export const listPropertiesSchema = z.object({ options: z.array(listOptionSchema).default([]) });
export type ListOption = z.infer<typeof listOptionSchema>;

/** One parameter as the spec declares it and as `POST /{id}/params` answers it (defaults filled). */
export const playbookParameterSchema = z.object({
  name: z.string().min(1, 'must not be empty'),
  label: z.string().optional(),
  type: playbookParameterTypeSchema.default('text'),
  default: z.union([z.string(), z.number(), z.boolean()]).transform(String).optional(),
  required: looseBoolean.optional(),
  description: z.string().optional(),
  icon: z.string().optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
export type PlaybookParameter = z.infer<typeof playbookParameterSchema>;

/** The typed properties of a parameter of its kind; unknown or malformed keys are ignored. */
export function textPropertiesOf(parameter: PlaybookParameter): TextProperties {
  const parsed = textPropertiesSchema.safeParse(parameter.properties ?? {});
  return parsed.success ? parsed.data : {};
}
export function codePropertiesOf(parameter: PlaybookParameter): CodeProperties {
  const parsed = codePropertiesSchema.safeParse(parameter.properties ?? {});
  return parsed.success ? parsed.data : {};
}
export function listOptionsOf(parameter: PlaybookParameter): ListOption[] {
  const parsed = listPropertiesSchema.safeParse(parameter.properties ?? {});
  return parsed.success ? parsed.data.options : [];
}

export const parameterRequiredMessage = 'This field is required';
export const dns1123Message =
  "Must be lowercase alphanumeric segments joined by '-' and '.' (DNS-1123)";
const dns1123Pattern = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const bytesPattern = /^\d+(\.\d+)?(Ki|Mi|Gi|Ti|Pi|Ei|k|M|G|T|P|E)?$/;
const millicoresPattern = /^\d+m?$/;

/** A value may be sent empty only when the parameter is optional; checkboxes always have one. */
export function isRequired(parameter: PlaybookParameter): boolean {
  return parameter.required === true && parameter.type !== 'checkbox';
}

function numberProblem(value: string, { min, max }: TextProperties): string | undefined {
  if (min === undefined && max === undefined) return undefined;
  const number = Number(value);
  if (Number.isNaN(number)) return 'Must be a number';
  if (min !== undefined && number < min) return `Must be at least ${min}`;
  if (max !== undefined && number > max) return `Must be at most ${max}`;
  return undefined;
}

function formatProblem(value: string, format: TextProperties['format']): string | undefined {
  switch (format) {
    case 'dns1123':
      return dns1123Pattern.test(value) && value.length <= 253 ? undefined : dns1123Message;
    case 'bytes':
      return bytesPattern.test(value) ? undefined : 'Must be a size such as 512Mi or 2Gi';
    case 'millicores':
      return millicoresPattern.test(value) ? undefined : 'Must be millicores such as 500m';
    case undefined:
      return undefined;
  }
}

function regexProblem(value: string, regex: string | undefined): string | undefined {
  if (regex === undefined || regex === '') return undefined;
  let pattern: RegExp;
  try {
    pattern = new RegExp(regex);
  } catch {
    return undefined;
  }
  return pattern.test(value) ? undefined : `Must match the pattern ${regex}`;
}

/**
 * The message for a parameter's value, or undefined when it is valid (spec 000 §5, 002 §5).
 * Shared by the run dialog and the run service, so that both refuse the same values alike.
 */
export function parameterProblem(parameter: PlaybookParameter, value: string): string | undefined {
  if (value === '') return isRequired(parameter) ? parameterRequiredMessage : undefined;
  if (parameter.type !== 'text') return undefined;
  const properties = textPropertiesOf(parameter);
  const { minLength, maxLength } = properties;
  if (minLength !== undefined && value.length < minLength)
    return `Must be at least ${minLength} characters`;
  if (maxLength !== undefined && value.length > maxLength)
    return `Must be at most ${maxLength} characters`;
  return (
    numberProblem(value, properties) ??
    formatProblem(value, properties.format) ??
    regexProblem(value, properties.regex)
  );
}

/** The API's field name of a parameter in a run request, as field errors name it. */
export function parameterField(name: string): string {
  return `params.${name}`;
}
