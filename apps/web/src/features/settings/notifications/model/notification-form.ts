import { notificationEventSchema, type CustomService, type NotificationEvent } from '@vigil/domain';
import { consoleSource } from '@/lib/managed-source.ts';

export type RecipientKind = 'person' | 'team' | 'others';

export interface RecipientValue {
  recipient: RecipientKind;
  personId: string;
  teamId: string;
  services: CustomService[];
}

export interface NotificationFormValues {
  title: string;
  events: NotificationEvent[];
  filter: string;
  template: string;
  repeatInterval: string;
  recipients: RecipientValue;
}

export interface NotificationBody {
  title: string | null;
  events: NotificationEvent[];
  filter: string | null;
  template: string;
  repeat_interval: string | null;
  person_id: string | null;
  team_id: string | null;
  custom_services: CustomService[] | null;
  source?: string;
}

export const defaultTemplate =
  'Check **{{ .check.name }}** is {{ .check.status }}\n\n{{ .check.message }}';

/** Only the chosen recipient tab is sent; the others are nulled (spec 002 §7). */
export function toBody(values: NotificationFormValues, isNew: boolean): NotificationBody {
  const { recipients } = values;
  const blank = (text: string): string | null => (text.trim() === '' ? null : text.trim());
  return {
    title: blank(values.title),
    events: values.events,
    filter: blank(values.filter),
    template: values.template,
    repeat_interval: blank(values.repeatInterval),
    person_id: recipients.recipient === 'person' ? blank(recipients.personId) : null,
    team_id: recipients.recipient === 'team' ? blank(recipients.teamId) : null,
    custom_services:
      recipients.recipient === 'others'
        ? recipients.services.filter((s) => s.connection.trim() !== '')
        : null,
    ...(isNew ? { source: consoleSource } : {}),
  };
}

export function recipientKindOf(row: {
  person_id: string | null;
  team_id: string | null;
}): RecipientKind {
  if (row.person_id) return 'person';
  if (row.team_id) return 'team';
  return 'others';
}

/** Spec 002 §9 events only: a stored name outside the list is dropped from the form. */
export function knownEvents(events: readonly string[]): NotificationEvent[] {
  return events.flatMap((event) => {
    const parsed = notificationEventSchema.safeParse(event);
    return parsed.success ? [parsed.data] : [];
  });
}
