/**
 * The form fields a connection type declares. A field's `key` is a connections column
 * (`url`, `username`, `password`, `certificate`, `insecure_tls`) or `properties.<name>`.
 */
export type ConnectionColumn = 'url' | 'username' | 'password' | 'certificate' | 'insecure_tls';
export type FieldKey = ConnectionColumn | `properties.${string}`;

interface FieldBase {
  readonly key: FieldKey;
  readonly label: string;
  readonly required?: boolean;
  readonly hint?: string;
}

export interface InputField extends FieldBase {
  readonly kind: 'input';
  readonly default?: string;
  readonly placeholder?: string;
  /** A long value such as a PEM certificate or a template. */
  readonly multiline?: boolean;
}

export interface NumberInputField extends FieldBase {
  readonly kind: 'numberInput';
  readonly default?: number;
}

export interface CheckboxField extends FieldBase {
  readonly kind: 'checkbox';
  readonly default?: boolean;
}

/** A secret-like value: Static (sealed at rest), or a Secret / ConfigMap `{name, key}`. */
export interface EnvVarSourceField extends FieldBase {
  readonly kind: 'EnvVarSource';
  readonly key: 'username' | 'password' | 'certificate';
}

/** One value out of a fixed list, shown as segmented buttons. */
export interface SwitchField extends FieldBase {
  readonly kind: 'SwitchField';
  readonly options: readonly string[];
  readonly default: string;
}

/** Username and password, both as EnvVarSource. */
export interface AuthenticationField {
  readonly kind: 'authentication';
  readonly label: string;
  readonly required?: boolean;
}

/** A choice that swaps a group of fields, e.g. git's basic or SSH authentication. */
export interface ConnectionSwitchField {
  readonly kind: 'ConnectionSwitch';
  readonly key: `properties.${string}`;
  readonly label: string;
  readonly default: string;
  readonly options: readonly { readonly value: string; readonly fields: readonly FormField[] }[];
}

/** Fields shown together under a heading. */
export interface GroupField {
  readonly kind: 'GroupField';
  readonly label: string;
  readonly fields: readonly FormField[];
}

export type FormField =
  | InputField
  | NumberInputField
  | CheckboxField
  | EnvVarSourceField
  | SwitchField
  | AuthenticationField
  | ConnectionSwitchField
  | GroupField;

export const fieldKinds = [
  'input',
  'numberInput',
  'checkbox',
  'EnvVarSource',
  'ConnectionSwitch',
  'SwitchField',
  'authentication',
  'GroupField',
] as const satisfies readonly FormField['kind'][];

/** A field that holds one value (everything but the containers). */
export type ValueField =
  | InputField
  | NumberInputField
  | CheckboxField
  | EnvVarSourceField
  | SwitchField
  | ConnectionSwitchField;

/** The value fields of a form; `authentication` stands for username and password. */
export function valueFields(fields: readonly FormField[]): ValueField[] {
  return fields.flatMap((field): ValueField[] => {
    switch (field.kind) {
      case 'GroupField':
        return valueFields(field.fields);
      case 'authentication':
        return [
          { kind: 'EnvVarSource', key: 'username', label: 'Username' },
          { kind: 'EnvVarSource', key: 'password', label: 'Password', required: field.required },
        ];
      case 'ConnectionSwitch':
        return [field, ...field.options.flatMap((option) => valueFields(option.fields))];
      default:
        return [field];
    }
  });
}

export const urlField = (label = 'URL', required = true): InputField => ({
  kind: 'input',
  key: 'url',
  label,
  required,
});
export const passwordField = (label = 'Password', required = false): EnvVarSourceField => ({
  kind: 'EnvVarSource',
  key: 'password',
  label,
  required,
});
export const insecureTlsField: CheckboxField = {
  kind: 'checkbox',
  key: 'insecure_tls',
  label: 'Insecure TLS',
  default: false,
};
export const property = (
  name: string,
  label: string,
  extra: Partial<Omit<InputField, 'kind' | 'key' | 'label'>> = {},
): InputField => ({ kind: 'input', key: `properties.${name}`, label, ...extra });
