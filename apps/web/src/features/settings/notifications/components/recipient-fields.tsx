import type { CustomService } from '@vigil/domain';
import { Button } from '@/ui/button.tsx';
import { FormField, inputClassName } from '@/ui/form-field.tsx';
import { TabList, TabPanel } from '@/ui/tabs.tsx';
import { useRecipientOptionsQuery } from '../api/recipient-options-query.ts';
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
}: {
  value: RecipientValue;
  onChange: (value: RecipientValue) => void;
  disabled: boolean;
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
        <datalist id="notification-connections">
          {options.data?.connections.map((c) => (
            <option
              key={`${c.namespace}/${c.name}`}
              value={`connection://${c.namespace}/${c.name}`}
            >
              {c.type}
            </option>
          ))}
        </datalist>
        <div className="space-y-2">
          {services.map((service, index) => (
            <div key={index} className="grid grid-cols-2 gap-2">
              <FormField label="Connection" htmlFor={`service-connection-${index}`}>
                <input
                  id={`service-connection-${index}`}
                  className={inputClassName}
                  list="notification-connections"
                  placeholder="connection://namespace/name"
                  disabled={disabled}
                  value={service.connection}
                  onChange={(e) => setService(index, { connection: e.target.value })}
                />
              </FormField>
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
