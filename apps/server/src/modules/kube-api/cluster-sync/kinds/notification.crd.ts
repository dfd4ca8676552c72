import { z } from 'zod';
import { crdSource, invalidObject, type ClusterObject, type CrdKind } from './crd-kind.ts';

/** The recipients of Mission Control's Notification; Vigil delivers to the first three. */
const recipientSchema = z.looseObject({
  person: z.string().min(1).optional(),
  team: z.string().min(1).optional(),
  connection: z.string().min(1).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
});
const unsupportedRecipients = ['email', 'url', 'playbook', 'webhook'] as const;

const specSchema = z.looseObject({
  events: z.array(z.string()).min(1, 'spec.events: at least one event is required'),
  title: z.string().optional(),
  // Vigil has no per-event default message, so a notification states its own.
  template: z.string({ error: 'spec.template is required' }).min(1, 'spec.template is required'),
  filter: z.string().optional(),
  repeatInterval: z.string().optional(),
  to: z.looseObject(recipientSchema.shape, { error: 'spec.to is required' }),
});

const uuid = z.string().uuid();

/** Mission Control's Notification (mission-control.flanksource.com/v1), stored in notifications. */
export const notificationCrd: CrdKind = {
  group: 'mission-control.flanksource.com',
  version: 'v1',
  plural: 'notifications',
  kind: 'Notification',
  target: 'notifications',
  async columns(object: ClusterObject, lookup) {
    const parsed = specSchema.safeParse(object.spec);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = ['spec', ...(issue?.path ?? []).map(String)].join('.');
      const message = issue?.message ?? 'is invalid';
      throw invalidObject(message.startsWith('spec') ? message : `${path}: ${message}`);
    }
    const spec = parsed.data;
    const to = spec.to;
    const unsupported = unsupportedRecipients.find((field) => field in to);
    if (unsupported) {
      throw invalidObject(
        `spec.to.${unsupported} is not supported: use spec.to.person, spec.to.team or spec.to.connection`,
      );
    }
    const person = to.person
      ? await lookup('people', [
          [uuid.safeParse(to.person).success ? 'id' : 'email', `eq.${to.person}`],
        ])
      : undefined;
    if (to.person && !person) throw invalidObject(`spec.to.person: no person ${to.person}`);
    const team = to.team
      ? await lookup('teams', [[uuid.safeParse(to.team).success ? 'id' : 'name', `eq.${to.team}`]])
      : undefined;
    if (to.team && !team) throw invalidObject(`spec.to.team: no team ${to.team}`);
    return {
      source: crdSource,
      name: object.metadata.name,
      events: spec.events,
      title: spec.title ?? null,
      template: spec.template,
      filter: spec.filter ?? null,
      repeat_interval: spec.repeatInterval ?? null,
      person_id: person ?? null,
      team_id: team ?? null,
      custom_services: to.connection
        ? [{ connection: to.connection, name: object.metadata.name }]
        : null,
      properties: to.properties ?? null,
    };
  },
  deleteColumns: () => ({ deleted_at: new Date().toISOString(), source: crdSource }),
};
