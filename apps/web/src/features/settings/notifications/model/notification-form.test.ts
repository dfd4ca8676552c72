import { describe, expect, it } from 'vitest';
import { knownEvents, recipientKindOf, toBody } from './notification-form.ts';

const values = {
  title: '  ',
  events: ['check.failed' as const],
  filter: '',
  template: 'x',
  repeatInterval: ' 1h ',
  recipients: {
    recipient: 'others' as const,
    personId: 'p1',
    teamId: 't1',
    services: [
      { connection: 'connection://default/slack', name: 'ops' },
      { connection: ' ', name: '' },
    ],
  },
};

describe('notification form', () => {
  it('sends only the chosen recipient kind, blanks as null, and UI as the new source', () => {
    expect(toBody(values, true)).toEqual({
      title: null,
      events: ['check.failed'],
      filter: null,
      template: 'x',
      repeat_interval: '1h',
      person_id: null,
      team_id: null,
      custom_services: [{ connection: 'connection://default/slack', name: 'ops' }],
      source: 'UI',
    });
    const toTeam = toBody(
      { ...values, recipients: { ...values.recipients, recipient: 'team' } },
      false,
    );
    expect(toTeam).toMatchObject({ person_id: null, team_id: 't1', custom_services: null });
    expect(toTeam).not.toHaveProperty('source');
  });

  it('reads the recipient kind and keeps only known events', () => {
    expect(recipientKindOf({ person_id: 'p', team_id: null })).toBe('person');
    expect(recipientKindOf({ person_id: null, team_id: 't' })).toBe('team');
    expect(recipientKindOf({ person_id: null, team_id: null })).toBe('others');
    expect(knownEvents(['check.passed', 'check.exploded'])).toEqual(['check.passed']);
  });
});
