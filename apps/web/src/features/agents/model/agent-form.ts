import {
  agentDescriptionSchema,
  agentNameSchema,
  agentScrapeIntervals,
  type AgentCreate,
  type AgentKubernetes,
} from '@vigil/domain';
import { z } from 'zod';
import type { AgentSummary } from './agent-summary.ts';

export const requiredMessage = 'This field is required';

export interface AgentLabel {
  key: string;
  value: string;
}

/** What the form edits: properties as key/value rows, exclusions one per line. */
export interface AgentFormValues {
  name: string;
  description: string;
  labels: AgentLabel[];
  kubernetes: { enabled: boolean; interval: string; exclusions: string };
}

export const emptyAgentForm: AgentFormValues = {
  name: '',
  description: '',
  labels: [],
  kubernetes: { enabled: false, interval: '30m', exclusions: '' },
};

export function agentFormValues(agent: AgentSummary): AgentFormValues {
  const kubernetes = agent.kubernetes ?? { enabled: false, interval: '30m', exclusions: [] };
  return {
    name: agent.name,
    description: agent.description ?? '',
    labels: Object.entries(agent.properties ?? {}).map(([key, value]) => ({ key, value })),
    kubernetes: {
      enabled: kubernetes.enabled,
      interval: kubernetes.interval,
      exclusions: kubernetes.exclusions.join('\n'),
    },
  };
}

const isBlank = (row: AgentLabel): boolean => row.key.trim() === '' && row.value === '';

/** Blank rows are ignored; indexes in issues are the form's rows, blank ones included. */
const labelsSchema = z
  .array(z.object({ key: z.string(), value: z.string() }))
  .superRefine((rows, context) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      if (isBlank(row)) return;
      const key = row.key.trim();
      if (key === '') {
        context.addIssue({ code: 'custom', message: requiredMessage, path: [index, 'key'] });
      } else if (seen.has(key)) {
        context.addIssue({ code: 'custom', message: 'Duplicate key', path: [index, 'key'] });
      }
      seen.add(key);
    });
  })
  .transform((rows) =>
    Object.fromEntries(
      rows.filter((row) => !isBlank(row)).map((row) => [row.key.trim(), row.value]),
    ),
  );

/** The form's rules; the output is the body of POST /generate (and of the edit PATCH). */
export const agentFormSchema = z.object({
  name: z.string().trim().min(1, requiredMessage).pipe(agentNameSchema),
  description: z
    .string()
    .transform((text) => (text.trim() === '' ? null : text))
    .pipe(agentDescriptionSchema),
  labels: labelsSchema,
  kubernetes: z.object({
    enabled: z.boolean(),
    interval: z.enum(agentScrapeIntervals),
    exclusions: z.string().transform((text) =>
      text
        .split(/[\n,]/)
        .map((item) => item.trim())
        .filter((item) => item !== ''),
    ),
  }),
});

export type AgentFormIssue = { path: string; message: string };

export type AgentFormResult =
  | {
      ok: true;
      payload: Required<Pick<AgentCreate, 'name' | 'properties' | 'kubernetes'>> & {
        description: string | null;
      };
    }
  | { ok: false; issues: AgentFormIssue[] };

/** Parses the form; issues carry the dotted field path react-hook-form names fields by. */
export function parseAgentForm(values: AgentFormValues): AgentFormResult {
  const parsed = agentFormSchema.safeParse(values);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      })),
    };
  }
  const kubernetes: AgentKubernetes = parsed.data.kubernetes;
  return {
    ok: true,
    payload: {
      name: parsed.data.name,
      description: parsed.data.description,
      properties: parsed.data.labels,
      kubernetes,
    },
  };
}
