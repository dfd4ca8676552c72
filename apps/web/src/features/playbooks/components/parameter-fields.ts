import { createElement, type ComponentType } from 'react';
import type { LookupKind } from '../api/lookup-options-query.ts';
import { CheckboxParameter } from './checkbox-parameter.tsx';
import { CodeParameter } from './code-parameter.tsx';
import { ConfigsParameter } from './configs-parameter.tsx';
import { ListParameter } from './list-parameter.tsx';
import { LookupParameter } from './lookup-parameter.tsx';
import type { ParameterFieldProps } from './parameter-field-props.ts';
import { SecretParameter } from './secret-parameter.tsx';
import { TextParameter } from './text-parameter.tsx';

const lookup =
  (kind: LookupKind): ComponentType<ParameterFieldProps> =>
  (props) =>
    createElement(LookupParameter, { ...props, kind });

/**
 * The control of each parameter kind (spec 000 §2.5, and Mission Control's bytes, millicores,
 * duration, secret and configs): one entry per kind, no switch elsewhere.
 */
const parameterFields: Readonly<Record<string, ComponentType<ParameterFieldProps>>> = {
  text: TextParameter,
  bytes: TextParameter,
  millicores: TextParameter,
  duration: TextParameter,
  secret: SecretParameter,
  checkbox: CheckboxParameter,
  list: ListParameter,
  code: CodeParameter,
  team: lookup('team'),
  people: lookup('people'),
  component: lookup('component'),
  config: lookup('config'),
  configs: ConfigsParameter,
  check: lookup('check'),
};

/** A kind this console does not know yet is edited as text; the server still checks it. */
export function parameterFieldFor(type: string): ComponentType<ParameterFieldProps> {
  return parameterFields[type] ?? TextParameter;
}
