import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { toList, toPlain, toText } from './arguments.ts';
import type { FunctionFamily } from './registry.ts';

function toJson(value: unknown): string {
  return JSON.stringify(toPlain(value)) ?? 'null';
}

function toJsonPretty(indent: unknown, value: unknown): string {
  return JSON.stringify(toPlain(value), null, toText(indent)) ?? 'null';
}

function toYaml(value: unknown): string {
  return stringifyYaml(toPlain(value));
}

function fromJson(text: unknown): unknown {
  return JSON.parse(toText(text));
}

function fromYaml(text: unknown): unknown {
  return parseYaml(toText(text));
}

/** gomplate's `data` namespace: JSON and YAML in and out. */
export const dataFunctions: FunctionFamily = {
  'data.ToJSON': toJson,
  'data.ToJSONPretty': toJsonPretty,
  'data.ToYAML': toYaml,
  'data.JSON': fromJson,
  'data.JSONArray': (text) => toList(fromJson(text)),
  'data.YAML': fromYaml,
  'data.YAMLArray': (text) => toList(fromYaml(text)),
  toJSON: toJson,
  toJSONPretty: toJsonPretty,
  toYAML: toYaml,
  json: fromJson,
  jsonArray: (text) => toList(fromJson(text)),
  yaml: fromYaml,
  yamlArray: (text) => toList(fromYaml(text)),
};
