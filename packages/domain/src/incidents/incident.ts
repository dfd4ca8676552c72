import { z } from 'zod';

/** Incident statuses in workflow order (spec 002 §4). */
export const incidentStatuses = [
  'new',
  'open',
  'investigating',
  'mitigated',
  'resolved',
  'closed',
] as const;
export const incidentStatusSchema = z.enum(incidentStatuses);
export type IncidentStatus = z.infer<typeof incidentStatusSchema>;

/** Severities a create form accepts; the dropdown also offers info and warning (spec §4). */
export const incidentSeverities = ['low', 'medium', 'high', 'blocker', 'critical'] as const;
export const incidentSeverityOptions = [
  'info',
  'warning',
  ...incidentSeverities,
] as const satisfies readonly string[];
export const incidentSeveritySchema = z.enum(incidentSeverityOptions);
export type IncidentSeverity = z.infer<typeof incidentSeveritySchema>;

export const incidentTypes = [
  'cost',
  'availability',
  'performance',
  'security',
  'integration',
  'compliance',
  'technicalDebt',
  'reliability',
] as const;
export const incidentTypeSchema = z.enum(incidentTypes);
export type IncidentType = z.infer<typeof incidentTypeSchema>;

export const incidentDefaults = {
  severity: 'low',
  status: 'open',
  type: 'availability',
} as const satisfies {
  severity: IncidentSeverity;
  status: IncidentStatus;
  type: IncidentType;
};

/** The transition table of spec §4: what each status may move to next. */
const nextStatuses: Readonly<Record<IncidentStatus, readonly IncidentStatus[]>> = {
  new: incidentStatuses,
  open: ['open', 'investigating', 'mitigated', 'resolved', 'closed'],
  investigating: ['investigating', 'mitigated', 'resolved', 'closed'],
  mitigated: ['mitigated', 'resolved', 'closed', 'open'],
  resolved: ['resolved', 'closed', 'open'],
  closed: ['closed', 'open'],
};

export function allowedNextStatuses(from: IncidentStatus): readonly IncidentStatus[] {
  return nextStatuses[from];
}

export function canMoveIncident(from: IncidentStatus, to: IncidentStatus): boolean {
  return nextStatuses[from].includes(to);
}

/** Statuses that first ask for contributing factors (spec §4). */
export function asksForContributingFactors(to: IncidentStatus): boolean {
  return to === 'mitigated' || to === 'resolved';
}

export const hypothesisStatuses = [
  'proven',
  'likely',
  'possible',
  'unlikely',
  'improbable',
  'disproven',
] as const;
export const hypothesisStatusSchema = z.enum(hypothesisStatuses);
export type HypothesisStatus = z.infer<typeof hypothesisStatusSchema>;

export const hypothesisTypes = ['root', 'factor', 'solution'] as const;
export const hypothesisTypeSchema = z.enum(hypothesisTypes);
export type HypothesisType = z.infer<typeof hypothesisTypeSchema>;

/** A child's type follows its parent's; solutions take no children (undefined). */
export function childHypothesisType(parent: HypothesisType): HypothesisType | undefined {
  if (parent === 'root') return 'factor';
  if (parent === 'factor') return 'solution';
  return undefined;
}

export const evidenceTypes = [
  'log',
  'config',
  'topology',
  'check',
  'config_analysis',
  'config_change',
  'comment',
] as const;
export const evidenceTypeSchema = z.enum(evidenceTypes);
export type EvidenceType = z.infer<typeof evidenceTypeSchema>;

/** The changelog's event names (spec §4 Changelog event names). */
export const incidentHistoryTypes = [
  'incident.created',
  'responder.created',
  'evidence.created',
  'incident.status_updated',
  'incident_status.updated',
  'evidence.done_definition_added',
  'responder.commented',
  'hypothesis.created',
  'hypothesis.status_updated',
] as const;
export type IncidentHistoryType = (typeof incidentHistoryTypes)[number];

/** Default script shortcuts of the definition-of-done wizard (spec §9). */
export const definitionOfDoneScripts = {
  topology: "component.status == 'healthy'",
  check: "check.status == 'healthy' && check.age > duration('5m')",
  config_analysis: "analysis.status == 'resolved'",
} as const satisfies Partial<Record<EvidenceType, string>>;

/** Team responder types and their form fields (spec 002 §3). */
export const responderTypeFields = {
  email: ['to', 'subject', 'body'],
  jira: ['configType', 'project', 'issueType', 'priority', 'summary', 'description'],
  service_now: ['category', 'description', 'body'],
  ca: ['category', 'description', 'body'],
  aws_support: ['category', 'description', 'body'],
  aws_ams_services_request: ['category', 'description', 'body'],
  redhat: ['product', 'category', 'description', 'body'],
  oracle: ['product', 'category', 'description', 'body'],
  vmware: ['product', 'category', 'description', 'body'],
  ms_planner: ['plan_id', 'bucket_id', 'priority', 'title', 'description'],
} as const satisfies Record<string, readonly string[]>;
export type TeamResponderType = keyof typeof responderTypeFields;
export const teamResponderTypes = Object.keys(responderTypeFields);

export function isTeamResponderType(value: unknown): value is TeamResponderType {
  return typeof value === 'string' && Object.hasOwn(responderTypeFields, value);
}

/** The message every empty responder field shows (spec §5). */
export const responderFieldMessage = 'Please provide valid value';
