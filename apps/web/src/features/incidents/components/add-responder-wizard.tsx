import { isTeamResponderType, responderFieldMessage, responderTypeFields } from '@vigil/domain';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, controlProps } from '@/ui/form-field.tsx';
import { useCreateResponder } from '../api/responder-mutations.ts';
import { usePeopleQuery, useTeamsQuery, type Team } from '../api/pickers-query.ts';
import { typeLabel } from './incident-badges.tsx';

type Step = 'select' | 'type' | 'form';

const steps: Record<Step, string> = {
  select: 'Select Responder',
  type: 'Responder Type',
  form: 'Save Team Responder',
};

/** The team's default field values for a client type (may hold templates, spec 002 §4). */
function defaultsOf(team: Team | undefined, type: string): Record<string, string> {
  const client = team?.spec?.responder_clients?.[type];
  if (typeof client !== 'object' || client === null || !('defaults' in client)) return {};
  const defaults: unknown = client.defaults;
  if (typeof defaults !== 'object' || defaults === null) return {};
  return Object.fromEntries(
    Object.entries(defaults).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function clientsOf(team: Team | undefined): string[] {
  return Object.keys(team?.spec?.responder_clients ?? {}).filter(isTeamResponderType);
}

/** Add Responders (spec 002 §4 Responder wizard): a person at once, a team in three steps. */
export function AddResponderWizard({
  incidentId,
  onClose,
}: {
  incidentId: string;
  onClose: () => void;
}) {
  const people = usePeopleQuery();
  const teams = useTeamsQuery();
  const create = useCreateResponder();
  const [step, setStep] = useState<Step>('select');
  const [choice, setChoice] = useState('');
  const [type, setType] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState(false);
  const team = teams.data?.find((t) => `team:${t.id}` === choice);
  const fields = isTeamResponderType(type) ? responderTypeFields[type] : [];
  const add = (body: Parameters<typeof create.mutateAsync>[0]) =>
    void create.mutateAsync(body).then(onClose, onClose);
  const next = () => {
    if (choice.startsWith('person:')) {
      add({ incident_id: incidentId, type: 'person', person_id: choice.slice(7), properties: {} });
    } else setStep('type');
  };
  const save = () => {
    if (fields.some((field) => (values[field] ?? '').trim() === '')) return setInvalid(true);
    if (team)
      add({
        incident_id: incidentId,
        type,
        team_id: team.id,
        properties: { responderType: type, ...values },
      });
  };
  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      title={`Add Responders: ${steps[step]}`}
      size="medium"
    >
      <div className="space-y-3">
        {step === 'select' && (
          <FormField label="Team or person" htmlFor="responder-choice">
            <select
              {...controlProps('responder-choice', false)}
              value={choice}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">Select a team or a person</option>
              <optgroup label="Teams">
                {(teams.data ?? []).map((t) => (
                  <option key={t.id} value={`team:${t.id}`}>
                    {t.name}
                  </option>
                ))}
              </optgroup>
              <optgroup label="People">
                {(people.data ?? []).map((p) => (
                  <option key={p.id} value={`person:${p.id}`}>
                    {p.name.slice(0, 50)}
                  </option>
                ))}
              </optgroup>
            </select>
          </FormField>
        )}
        {step === 'type' &&
          (clientsOf(team).length === 0 ? (
            <p className="text-sm text-fg-muted">
              There were no responders configured for this team
            </p>
          ) : (
            <div
              role="radiogroup"
              aria-label="Responder type"
              className="grid max-h-72 grid-cols-2 gap-2 overflow-auto"
            >
              {clientsOf(team).map((client) => (
                <label
                  key={client}
                  className="flex items-center gap-2 rounded border border-border px-3 py-2 text-sm"
                >
                  <input
                    type="radio"
                    name="responder-type"
                    checked={type === client}
                    onChange={() => setType(client)}
                  />
                  {typeLabel(client)}
                </label>
              ))}
            </div>
          ))}
        {step === 'form' &&
          fields.map((field) => {
            const id = `responder-${field}`;
            const bad = invalid && (values[field] ?? '').trim() === '';
            return (
              <FormField
                key={field}
                label={field}
                htmlFor={id}
                error={bad ? responderFieldMessage : undefined}
              >
                <input
                  {...controlProps(id, bad)}
                  value={values[field] ?? ''}
                  onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                />
              </FormField>
            );
          })}
        <div className="flex justify-end gap-2 pt-2">
          <Button
            onClick={
              step === 'select' ? onClose : () => setStep(step === 'form' ? 'type' : 'select')
            }
          >
            {step === 'select' ? 'Cancel' : 'Back'}
          </Button>
          {step === 'select' && (
            <Button variant="primary" disabled={choice === '' || create.isPending} onClick={next}>
              {choice.startsWith('person:') ? 'Add' : 'Next'}
            </Button>
          )}
          {step === 'type' && (
            <Button
              variant="primary"
              disabled={type === ''}
              onClick={() => {
                setValues({ ...defaultsOf(team, type), ...values });
                setStep('form');
              }}
            >
              Next
            </Button>
          )}
          {step === 'form' && (
            <Button variant="primary" disabled={create.isPending} onClick={save}>
              Save
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
