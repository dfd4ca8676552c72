import { isJsonObject, listOf, type CanaryResource, type JsonObject } from './canary-resource.ts';
import type { FieldValue } from './check-fields.ts';
import type { CheckForm } from './check-form.ts';
import { labelsToJson, parseLabelsJson } from './labels-json.ts';

/** The settings form's schedule choices (spec 002 §9). */
export const scheduleOptions = [
  '@every 30s',
  '@every 1m',
  '@every 5m',
  '@every 30m',
  '@hourly',
  '@every 6h',
  '@daily',
  '@weekly',
] as const;

export interface CanaryFormValues {
  name: string;
  namespace: string;
  /** The canary's own icon (`spec.icon`); each check has its own too. */
  icon: string;
  schedule: string;
  /** A JSON object, as the Labels editor shows it. */
  labels: string;
  check: Record<string, FieldValue>;
}

function firstCheck(resource: CanaryResource, form: CheckForm | undefined): JsonObject {
  if (form === undefined) return {};
  const list = resource.spec[form.specKey];
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  return isJsonObject(first) ? first : {};
}

export function isFieldVisible(
  field: CheckForm['fields'][number],
  check: Readonly<Partial<Record<string, FieldValue>>>,
): boolean {
  return field.visibleWhen === undefined || field.visibleWhen(check);
}

export function formValuesFrom(
  resource: CanaryResource,
  form: CheckForm | undefined,
): CanaryFormValues {
  const check = firstCheck(resource, form);
  const { schedule, icon } = resource.spec;
  return {
    name: resource.metadata.name,
    namespace: resource.metadata.namespace,
    icon: typeof icon === 'string' ? icon : '',
    schedule: typeof schedule === 'string' ? schedule : '',
    labels: labelsToJson(resource.metadata.labels),
    check: Object.fromEntries((form?.fields ?? []).map((field) => [field.name, field.read(check)])),
  };
}

/**
 * The resource with the form's values written over it. Keys the form does not show (other
 * checks, fields only the YAML sets) are kept, so switching between form and YAML loses nothing.
 */
/** What react-hook-form reports: disabled inputs have no value. */
export interface ReportedFormValues {
  name?: string;
  namespace?: string;
  icon?: string;
  schedule?: string;
  labels?: string;
  check?: Partial<Record<string, FieldValue>>;
}

export function applyFormValues(
  resource: CanaryResource,
  values: ReportedFormValues,
  form: CheckForm | undefined,
): CanaryResource {
  // Disabled inputs (name and namespace when editing) report no value: keep the resource's.
  const name = typeof values.name === 'string' ? values.name.trim() : resource.metadata.name;
  const namespace =
    typeof values.namespace === 'string' ? values.namespace.trim() : resource.metadata.namespace;
  // Labels that do not parse are left as they were (the field says why and blocks Save).
  const parsedLabels = typeof values.labels === 'string' ? parseLabelsJson(values.labels) : null;
  const labels = parsedLabels?.ok === true ? parsedLabels.labels : resource.metadata.labels;
  const spec: JsonObject = { ...resource.spec };
  if (values.icon?.trim() === '') delete spec.icon;
  else if (typeof values.icon === 'string') spec.icon = values.icon.trim();
  if (values.schedule === '') delete spec.schedule;
  else if (typeof values.schedule === 'string') spec.schedule = values.schedule;
  if (form !== undefined) {
    const check: JsonObject = { ...firstCheck(resource, form) };
    for (const field of form.fields) {
      const visible = isFieldVisible(field, values.check ?? {});
      const value = values.check?.[field.name] ?? '';
      field.write(check, visible ? value : Array.isArray(value) ? [] : '');
    }
    const list = listOf(spec[form.specKey]);
    list[0] = check;
    spec[form.specKey] = list;
  }
  return {
    ...resource,
    metadata: {
      ...resource.metadata,
      name,
      namespace,
      labels,
    },
    spec,
  };
}
