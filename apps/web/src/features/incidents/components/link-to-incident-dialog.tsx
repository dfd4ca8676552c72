import { incidentDefaults, incidentSeverities, incidentTypes } from '@vigil/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, controlProps, textareaClassName } from '@/ui/form-field.tsx';
import { useLinkToIncident, type LinkTarget } from '../api/link-to-incident.ts';
import { useHypothesisOptionsQuery, useIncidentOptionsQuery } from '../api/pickers-query.ts';
import { Options } from './select-options.tsx';

export type { LinkTarget } from '../api/link-to-incident.ts';

export const linkMessages = {
  incident: 'Must select or create an incident',
  severity: 'Please select incident severity',
  type: 'Please select an incident type',
  hypothesis: 'Must select or create a hypothesis',
} as const;

const newIncident = 'new';
const newHypothesis = 'new';

/** Link to Incident (spec 002 §2, §5) from a check, config item or component. */
export function LinkToIncidentDialog({
  target,
  onClose,
}: {
  target: LinkTarget;
  onClose: () => void;
}) {
  const incidents = useIncidentOptionsQuery(true);
  const link = useLinkToIncident();
  const navigate = useNavigate();
  const [incident, setIncident] = useState('');
  const [title, setTitle] = useState(target.name);
  const [type, setType] = useState<string>(incidentDefaults.type);
  const [severity, setSeverity] = useState<string>(incidentDefaults.severity);
  const [hypothesis, setHypothesis] = useState('');
  const [hypothesisTitle, setHypothesisTitle] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof typeof linkMessages, string>>>({});
  const creating = incident === newIncident;
  const existing = incident !== '' && !creating ? incident : undefined;
  const hypotheses = useHypothesisOptionsQuery(existing);

  const submit = () => {
    const found: typeof errors = {};
    if (incident === '' || (creating && title.trim() === ''))
      found.incident = linkMessages.incident;
    if (creating && severity === '') found.severity = linkMessages.severity;
    if (creating && type === '') found.type = linkMessages.type;
    if (
      existing &&
      (hypothesis === '' || (hypothesis === newHypothesis && hypothesisTitle.trim() === ''))
    ) {
      found.hypothesis = linkMessages.hypothesis;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const incidentTitle = title.trim();
    link.mutate(
      {
        target,
        incident: existing ? { id: existing } : { title: incidentTitle, type, severity },
        hypothesis:
          existing && hypothesis !== newHypothesis
            ? { id: hypothesis }
            : { title: hypothesisTitle.trim() || incidentTitle },
        description,
      },
      {
        onSuccess: (id) => {
          toast.success('Linked to incident successfully', {
            duration: 5000,
            action: { label: 'Open', onClick: () => void navigate(`/incidents/${id}`) },
          });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      title="Link to Incident"
      description={`Add ${target.name} as evidence.`}
      size="medium"
    >
      <form
        noValidate
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormField label="Incident" htmlFor="link-incident" error={errors.incident}>
          <select
            {...controlProps('link-incident', errors.incident !== undefined)}
            value={incident}
            onChange={(event) => {
              setIncident(event.target.value);
              setHypothesis('');
            }}
          >
            <option value="">Select an incident</option>
            <option value={newIncident}>Create new incident</option>
            {(incidents.data ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {option.incident_id} {option.title || '(no title)'}
              </option>
            ))}
          </select>
        </FormField>
        {creating && (
          <>
            <FormField label="Incident title" htmlFor="link-title">
              <input
                {...controlProps('link-title', false)}
                value={title}
                onChange={(event) => setTitle(event.target.value)}
              />
            </FormField>
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField label="Type" htmlFor="link-type" error={errors.type}>
                <select
                  {...controlProps('link-type', errors.type !== undefined)}
                  value={type}
                  onChange={(event) => setType(event.target.value)}
                >
                  <Options values={incidentTypes} />
                </select>
              </FormField>
              <FormField label="Severity" htmlFor="link-severity" error={errors.severity}>
                <select
                  {...controlProps('link-severity', errors.severity !== undefined)}
                  value={severity}
                  onChange={(event) => setSeverity(event.target.value)}
                >
                  <Options values={incidentSeverities} />
                </select>
              </FormField>
            </div>
          </>
        )}
        {existing && (
          <FormField label="Hypothesis" htmlFor="link-hypothesis" error={errors.hypothesis}>
            <select
              {...controlProps('link-hypothesis', errors.hypothesis !== undefined)}
              value={hypothesis}
              onChange={(event) => setHypothesis(event.target.value)}
            >
              <option value="">Select a hypothesis</option>
              <option value={newHypothesis}>Create new hypothesis</option>
              {(hypotheses.data ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title || '(no title)'}
                </option>
              ))}
            </select>
          </FormField>
        )}
        {(creating || hypothesis === newHypothesis) && (
          <FormField
            label={creating ? 'Hypothesis title (optional)' : 'Hypothesis title'}
            htmlFor="link-hypothesis-title"
          >
            <input
              {...controlProps('link-hypothesis-title', false)}
              value={hypothesisTitle}
              placeholder={creating ? title : ''}
              onChange={(event) => setHypothesisTitle(event.target.value)}
            />
          </FormField>
        )}
        <FormField label="Description" htmlFor="link-description">
          <textarea
            id="link-description"
            rows={2}
            className={textareaClassName}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={incident === '' || link.isPending}>
            {link.isPending ? 'Linking..' : 'Link'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
