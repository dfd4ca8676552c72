import type { CustomService } from '@vigil/domain';
import { Button } from '@/ui/button.tsx';
import { FormField, inputClassName } from '@/ui/form-field.tsx';
import { TabList, TabPanel } from '@/ui/tabs.tsx';
import { useRecipientOptionsQuery } from '../api/recipient-options-query.ts';
import { ConnectionPicker } from './connection-picker.tsx';
import type { RecipientKind, RecipientValue } from '../model/notification-form.ts';

const tabs = [
  { key: 'person', label: 'Person' },
  { key: 'team', label: 'Team' },
  { key: 'others', label: 'Others' },
] as const;

/** Person, Team or Others (custom services); choosing one tab clears the others. */
export function RecipientFields({
  value,
  onChange,
  disabled,
  error,
}: {
  value: RecipientValue;
  onChange: (value: RecipientValue) => void;
  disabled: boolean;
  /** The server's message about the recipient, shown under the tabs. */
  error?: string | undefined;
}) {
  const options = useRecipientOptionsQuery();
  const select = (recipient: RecipientKind): void =>
    onChange({ recipient, personId: '', teamId: '', services: [] });
  const services = value.services.length > 0 ? value.services : [{ connection: '', name: '' }];
  const setService = (index: number, patch: Partial<CustomService>): void =>
    onChange({
      ...value,
      services: services.map((s, i) => (i === index ? { ...s, ...patch } : s)),
    });
  return (
    <div>
      <TabList
        label="Recipient"
        idPrefix="recipient"
        items={tabs}
        selected={value.recipient}
        onSelect={disabled ? () => undefined : select}
      />
      {error !== undefined && (
        <p id="recipient-error" role="alert" className="mt-1 text-xs text-unhealthy">
          {error}
        </p>
      )}
      <TabPanel idPrefix="recipient" tabKey="person" selected={value.recipient === 'person'}>
        <FormField label="Person" htmlFor="recipient-person">
          <select
            id="recipient-person"
            className={inputClassName}
            disabled={disabled}
            value={value.personId}
            onChange={(e) => onChange({ ...value, personId: e.target.value })}
          >
            <option value="">Select a person</option>
            {options.data?.people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name.slice(0, 50)}
              </option>
            ))}
          </select>
        </FormField>
      </TabPanel>
      <TabPanel idPrefix="recipient" tabKey="team" selected={value.recipient === 'team'}>
        <FormField label="Team" htmlFor="recipient-team">
          <select
            id="recipient-team"
            className={inputClassName}
            disabled={disabled}
            value={value.teamId}
            onChange={(e) => onChange({ ...value, teamId: e.target.value })}
          >
            <option value="">Select a team</option>
            {options.data?.teams.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
        </FormField>
      </TabPanel>
      <TabPanel idPrefix="recipient" tabKey="others" selected={value.recipient === 'others'}>
        <div className="space-y-2">
          {services.map((service, index) => (
            <div key={index} className="grid grid-cols-2 gap-2">
              <ConnectionPicker
                id={`service-connection-${index}`}
                connections={options.data?.connections ?? []}
                disabled={disabled}
                value={service.connection}
                onChange={(connection) => setService(index, { connection })}
              />
              <FormField label="Name" htmlFor={`service-name-${index}`}>
                <input
                  id={`service-name-${index}`}
                  className={inputClassName}
                  disabled={disabled}
                  value={service.name}
                  onChange={(e) => setService(index, { name: e.target.value })}
                />
              </FormField>
            </div>
          ))}
          {!disabled && (
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                onChange({ ...value, services: [...services, { connection: '', name: '' }] })
              }
            >
              Add service
            </Button>
          )}
        </div>
      </TabPanel>
    </div>
  );
}
