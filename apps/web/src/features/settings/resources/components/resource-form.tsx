import { useState } from 'react';
import {
  EditorProblems,
  LazyJsonEditor,
  LazyYamlEditor,
  labelsToJson,
  parseLabelsJson,
  type SchemaProblem,
} from '@/features/settings/canaries/index.ts';
import { Button } from '@/ui/button.tsx';
import { FormField, controlProps, inputClassName } from '@/ui/form-field.tsx';
import type { ResourceRow } from '../api/resource-row.ts';
import { useSpecSchemaQuery } from '../api/spec-schema-query.ts';
import type { ResourceDefinition } from '../model/resource-definition.ts';
import { settingsScheduleOptions } from '../model/schedule-options.ts';
import { parseSpecYaml, specSchemaOf, specToYaml } from '../model/spec-yaml.ts';

export interface ResourceFormProps {
  definition: ResourceDefinition;
  /** Absent for a new resource. */
  row?: ResourceRow | undefined;
  readOnly: boolean;
  pending: boolean;
  error: string | null;
  onSave: (row: Record<string, unknown>) => void;
  onDelete?: (() => void) | undefined;
  onBack: () => void;
}

/**
 * The detail form (spec 002 §2, §4): Name, Icon, Namespace, Labels, Schedule and Spec. Name
 * and namespace are fixed once the resource exists; a read-only resource shows its name as
 * text and its editors read only.
 */
export function ResourceForm(props: ResourceFormProps) {
  const { definition, row, readOnly } = props;
  const { fields } = definition;
  const isEdit = row !== undefined;
  const [name, setName] = useState(row?.name ?? '');
  const [icon, setIcon] = useState(row?.icon ?? '');
  const [namespace, setNamespace] = useState(row?.namespace ?? 'default');
  const [labels, setLabels] = useState(labelsToJson(row?.labels ?? {}));
  const [schedule, setSchedule] = useState(row?.schedule ?? '');
  const [yaml, setYaml] = useState(row ? specToYaml(row.spec) : definition.specTemplate);
  const [schemaProblems, setSchemaProblems] = useState<SchemaProblem[]>([]);
  const [nameTouched, setNameTouched] = useState(false);
  const schema = useSpecSchemaQuery(definition.specSchema);
  const spec = parseSpecYaml(yaml);
  const parsedLabels = parseLabelsJson(labels);
  const nameMissing = name.trim() === '';
  const blocked = nameMissing || !spec.ok || schemaProblems.length > 0 || !parsedLabels.ok;
  const id = (field: string) => `${definition.table}-${field}`;

  const submit = () => {
    setNameTouched(true);
    if (blocked || !spec.ok || !parsedLabels.ok) return;
    props.onSave({
      name: name.trim(),
      spec: spec.spec,
      ...(fields.icon ? { icon: icon.trim() === '' ? null : icon.trim() } : {}),
      ...(fields.namespace ? { namespace: namespace.trim() || 'default' } : {}),
      ...(fields.labels ? { labels: parsedLabels.labels } : {}),
      ...(fields.schedule ? { schedule: schedule === '' ? null : schedule } : {}),
    });
  };

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        {readOnly && isEdit ? (
          <div className="space-y-1">
            <p className="text-sm font-medium">Name</p>
            <p className="text-sm">{name}</p>
          </div>
        ) : (
          <FormField
            label="Name"
            htmlFor={id('name')}
            error={nameTouched && nameMissing ? 'Name is required' : undefined}
          >
            <input
              {...controlProps(id('name'), nameTouched && nameMissing)}
              className={inputClassName}
              value={name}
              disabled={isEdit}
              required
              onBlur={() => setNameTouched(true)}
              onChange={(event) => setName(event.target.value)}
            />
          </FormField>
        )}
        {fields.icon && (
          <FormField label="Icon" htmlFor={id('icon')}>
            <input
              id={id('icon')}
              className={inputClassName}
              value={icon}
              disabled={readOnly}
              onChange={(event) => setIcon(event.target.value)}
            />
          </FormField>
        )}
        {fields.namespace && (
          <FormField label="Namespace" htmlFor={id('namespace')}>
            <input
              id={id('namespace')}
              className={inputClassName}
              value={namespace}
              disabled={isEdit || readOnly}
              onChange={(event) => setNamespace(event.target.value)}
            />
          </FormField>
        )}
        {fields.schedule && (
          <FormField label="Schedule" htmlFor={id('schedule')}>
            <select
              id={id('schedule')}
              className={inputClassName}
              value={schedule}
              disabled={readOnly}
              onChange={(event) => setSchedule(event.target.value)}
            >
              <option value="">None</option>
              {schedule !== '' && !settingsScheduleOptions.some((o) => o === schedule) && (
                <option value={schedule}>{schedule}</option>
              )}
              {settingsScheduleOptions.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </FormField>
        )}
      </div>
      {fields.labels && (
        <div className="space-y-1">
          <p id={id('labels-label')} className="text-sm font-medium">
            Labels
          </p>
          <LazyJsonEditor
            value={labels}
            onChange={setLabels}
            onBlur={() => undefined}
            readOnly={readOnly}
            labelledBy={id('labels-label')}
            invalid={!parsedLabels.ok}
            describedBy={parsedLabels.ok ? undefined : id('labels-error')}
          />
          {!parsedLabels.ok && (
            <p id={id('labels-error')} role="alert" className="text-xs text-unhealthy">
              {parsedLabels.message}
            </p>
          )}
        </div>
      )}
      <div className="space-y-1">
        <p className="text-sm font-medium">Spec</p>
        <LazyYamlEditor
          value={yaml}
          onChange={setYaml}
          schema={specSchemaOf(schema.data)}
          readOnly={readOnly}
          label={`${definition.singular} spec`}
          onProblems={setSchemaProblems}
        />
        {!readOnly && (
          <EditorProblems
            yamlProblem={spec.ok ? null : { message: spec.message, line: spec.line }}
            schemaProblems={schemaProblems}
          />
        )}
      </div>
      {props.error !== null && (
        <p role="alert" className="text-sm text-unhealthy">
          {props.error}
        </p>
      )}
      <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
        <Button variant="ghost" onClick={props.onBack}>
          Back
        </Button>
        {!readOnly && (
          <div className="flex gap-2">
            {props.onDelete && (
              <Button variant="danger" onClick={props.onDelete}>
                Delete
              </Button>
            )}
            <Button
              type="submit"
              variant="primary"
              disabled={props.pending || (nameTouched && blocked)}
            >
              {props.pending ? (isEdit ? 'Updating…' : 'Saving…') : isEdit ? 'Update' : 'Save'}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
