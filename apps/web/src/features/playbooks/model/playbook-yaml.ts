import { parseDocument, stringify } from 'yaml';

import type { YamlProblem } from '@/features/settings/canaries/index.ts';

export type ParsedSpec = { spec: Record<string, unknown> } | { problem: YamlProblem };

/** A new playbook's spec: one exec action on a config, with a dns1123 parameter. */
export const newPlaybookSpec = `title: Restart deployment
category: Kubernetes
icon: kubernetes
description: Restarts a deployment with kubectl rollout restart.
configs:
  - types:
      - Kubernetes::Deployment
parameters:
  - name: reason
    label: Reason
    required: true
    properties:
      format: dns1123
actions:
  - name: restart
    exec:
      script: kubectl rollout restart deployment {{.config.name}} -n {{.config.tags.namespace}}
`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The spec object of the editor's text, or what is wrong with it; an empty text is `{}`. */
export function parseSpec(text: string): ParsedSpec {
  if (text.trim() === '') return { spec: {} };
  const document = parseDocument(text, { prettyErrors: true });
  const [error] = document.errors;
  if (error !== undefined)
    return {
      problem: {
        message: error.message.split('\n')[0] ?? error.message,
        line: error.linePos?.[0].line,
      },
    };
  const value: unknown = document.toJS();
  if (!isRecord(value))
    return { problem: { message: 'The spec must be a mapping of keys', line: undefined } };
  return { spec: value };
}

export function specText(spec: Record<string, unknown>): string {
  return Object.keys(spec).length === 0 ? '' : stringify(spec);
}
