import type { PlaybookParameterType } from '@vigil/domain';
import { createElement, type ComponentType } from 'react';
import { CheckboxParameter } from './checkbox-parameter.tsx';
import { CodeParameter } from './code-parameter.tsx';
import { ListParameter } from './list-parameter.tsx';
import { LookupParameter } from './lookup-parameter.tsx';
import type { ParameterFieldProps } from './parameter-field-props.ts';
import { TextParameter } from './text-parameter.tsx';

const lookup =
  (
    kind: 'team' | 'people' | 'component' | 'config' | 'check',
  ): ComponentType<ParameterFieldProps> =>
  (props) =>
    createElement(LookupParameter, { ...props, kind });

/** The control of each parameter kind (spec 000 §2.5): one entry per kind, no switch elsewhere. */
export const parameterFields: Record<PlaybookParameterType, ComponentType<ParameterFieldProps>> = {
  text: TextParameter,
  checkbox: CheckboxParameter,
  list: ListParameter,
  code: CodeParameter,
  team: lookup('team'),
  people: lookup('people'),
  component: lookup('component'),
  config: lookup('config'),
  check: lookup('check'),
};
